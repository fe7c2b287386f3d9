import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

// DESK-9: a release's feed file (latest.yml, latest-linux.yml) is signed with the clinic's Ed25519 release
// key; the signature sits beside it as <file>.sig, one line: `ed25519 <key id> <signature, base64>`. The
// feed file carries each installer's sha512, so signing it vouches for the installers too. The private key
// stays with whoever makes releases (desktop/scripts/release-signing.ts); the app has only public keys,
// built in from desktop/release-keys.pem. Plain node:crypto, shared by the app and the signing script.

export const SIGNATURE_SUFFIX = '.sig';

/** A short, stable name for a key: the first 16 hex digits of the SHA-256 of its public key (SPKI DER). */
export function releaseKeyId(key: KeyObject): string {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  return createHash('sha256').update(publicKey.export({ type: 'spki', format: 'der' })).digest('hex').slice(0, 16);
}

const PEM_BLOCK = /-----BEGIN PUBLIC KEY-----[\s\S]*?-----END PUBLIC KEY-----/g;

/** Every public key in a PEM text (other lines are comments). Each must be Ed25519. */
export function readReleaseKeys(pemText: string): KeyObject[] {
  return [...pemText.matchAll(PEM_BLOCK)].map(([block]) => {
    const key = createPublicKey(block);
    if (key.asymmetricKeyType !== 'ed25519') throw new Error(`A release key must be Ed25519, not ${key.asymmetricKeyType}`);
    return key;
  });
}

/** The signature file's text for `data`, made with the release's private key. */
export function signRelease(data: Uint8Array, privateKey: KeyObject): string {
  if (privateKey.type !== 'private' || privateKey.asymmetricKeyType !== 'ed25519') throw new Error('The release key must be an Ed25519 private key');
  return `ed25519 ${releaseKeyId(privateKey)} ${sign(null, data, privateKey).toString('base64')}\n`;
}

/**
 * Why `data` (the feed file called `fileName`) must not be trusted, or null when its signature is good and
 * made by one of `trusted`. `signatureText` is the .sig file's text, null when there is none.
 */
export function releaseSignatureProblem(fileName: string, data: Uint8Array, signatureText: string | null, trusted: KeyObject[]): string | null {
  if (trusted.length === 0) return 'this copy of the app has no release key built in (desktop/release-keys.pem was empty when it was built)';
  if (signatureText === null) return `${fileName} is not signed (there is no ${fileName}${SIGNATURE_SUFFIX} beside it)`;
  const match = /^ed25519 ([0-9a-f]{16}) ([A-Za-z0-9+/]{86}==)\s*$/.exec(signatureText);
  if (!match) return `${fileName}${SIGNATURE_SUFFIX} is not a release signature`;
  const [, keyId, signature] = match;
  const key = trusted.find((k) => releaseKeyId(k) === keyId);
  if (!key) return `${fileName} is signed with a key this app does not trust (key ${keyId}; it trusts ${trusted.map(releaseKeyId).join(', ')})`;
  if (!verify(null, data, key, Buffer.from(signature, 'base64'))) return `${fileName} does not match its signature: it was changed after it was signed`;
  return null;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * Why an update address must not be used, or null when it may: HTTPS anywhere, plain HTTP only on this
 * computer itself (127.0.0.1, ::1, localhost), where no network sits between the app and the server.
 */
export function insecureUpdateAddressProblem(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return `${address} is not a web address`;
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname.toLowerCase())) return null;
  if (url.protocol === 'http:') return `${url.origin} is plain HTTP on another computer: updates are taken only over HTTPS, or from this computer itself`;
  return `${url.protocol} addresses are not update feeds: updates are taken only over HTTPS`;
}
