import { createHash, createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getFileList, parseUpdateInfo } from 'electron-updater/out/providers/Provider';
import { readReleaseKeys, releaseKeyId, releaseSignatureProblem, signRelease, SIGNATURE_SUFFIX } from '../src/main/release-signature';

// DESK-9: the clinic's release key, made once, and the signature of each release's feed files.
//   npm run desktop:release-key -- --out <private key file>     a new Ed25519 key: the private key into the
//                                                               file (mode 0600), its public key appended to
//                                                               desktop/release-keys.pem (commit that file)
//   npm run desktop:sign-release -- <folder> --key <file>       signs every latest*.yml in the folder
//                                                               (electron-builder's desktop/dist) as <name>.sig
//   tsx desktop/scripts/release-signing.ts check                 fails while desktop/release-keys.pem has no key
// The key file may also come from CLINIC_RELEASE_KEY; CLINIC_RELEASE_KEY_PASSPHRASE encrypts it when it is
// made and opens it when signing. --keys-file <pem> reads and writes another public key file (tests).

export const DEFAULT_KEYS_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../release-keys.pem');

/** Makes a release key: the private key into `privateKeyPath` (never overwritten), the public key appended to `keysFile`. */
export async function generateReleaseKey(options: { privateKeyPath: string; keysFile?: string; passphrase?: string }): Promise<{ keyId: string }> {
  const keysFile = options.keysFile ?? DEFAULT_KEYS_FILE;
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const pem = options.passphrase
    ? privateKey.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: options.passphrase })
    : privateKey.export({ type: 'pkcs8', format: 'pem' });
  // 'wx': an existing key is never replaced by accident; 0600: readable by its owner alone.
  await writeFile(options.privateKeyPath, pem, { mode: 0o600, flag: 'wx' });
  const keyId = releaseKeyId(publicKey);
  const existing = existsSync(keysFile) ? await readFile(keysFile, 'utf8') : '';
  const separator = existing === '' || existing.endsWith('\n') ? '' : '\n';
  await appendFile(keysFile, `${separator}# release key ${keyId}\n${publicKey.export({ type: 'spki', format: 'pem' }).toString()}`);
  return { keyId };
}

export async function readPrivateKey(path: string, passphrase?: string): Promise<KeyObject> {
  const key = createPrivateKey({ key: await readFile(path), format: 'pem', ...(passphrase ? { passphrase } : {}) });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${path} is not an Ed25519 key (it is ${key.asymmetricKeyType})`);
  return key;
}

async function sha512File(path: string): Promise<string> {
  const hash = createHash('sha512');
  await pipeline(createReadStream(path), hash);
  return hash.digest('base64');
}

const FEED_FILE = /^latest[A-Za-z0-9._-]*\.ya?ml$/;

export interface SignedFeed {
  file: string;
  version: string;
  keyId: string;
}

/**
 * Signs each latest*.yml in `folder`, after checking that every file it lists is in the folder with the
 * sha512 it states (what the app will check after downloading), and that the key is one the app trusts.
 */
export async function signReleaseFolder(options: { folder: string; privateKey: KeyObject; keysFile?: string }): Promise<SignedFeed[]> {
  const trusted = readReleaseKeys(await readFile(options.keysFile ?? DEFAULT_KEYS_FILE, 'utf8'));
  const keyId = releaseKeyId(options.privateKey);
  if (!trusted.some((key) => releaseKeyId(key) === keyId)) {
    throw new Error(`The key ${keyId} is not in ${options.keysFile ?? DEFAULT_KEYS_FILE}: apps built from it would refuse this release. Sign with a key listed there.`);
  }
  const feeds = (await readdir(options.folder)).filter((name) => FEED_FILE.test(name)).sort();
  if (feeds.length === 0) throw new Error(`No latest*.yml in ${options.folder}: sign the folder electron-builder wrote (desktop/dist)`);
  const signed: SignedFeed[] = [];
  for (const file of feeds) {
    const data = await readFile(join(options.folder, file));
    // Read the way the app reads it (electron-updater's own parser and file list).
    const info = parseUpdateInfo(data.toString('utf8'), file, pathToFileURL(join(options.folder, file)));
    if (typeof info?.version !== 'string') throw new Error(`${file} has no version: is it electron-builder's update file?`);
    for (const entry of getFileList(info)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(entry.url)) throw new Error(`${file} lists ${entry.url}, outside the folder: only files beside it can be checked and served`);
      const path = join(options.folder, decodeURIComponent(entry.url));
      if (!existsSync(path)) throw new Error(`${file} lists ${entry.url}, which is not in ${options.folder}`);
      if (!entry.sha512) throw new Error(`${file} gives no sha512 for ${entry.url}`);
      if ((await sha512File(path)) !== entry.sha512) throw new Error(`${entry.url} does not match the sha512 in ${file}: the folder mixes files of different builds`);
    }
    const signature = signRelease(data, options.privateKey);
    const problem = releaseSignatureProblem(file, data, signature, trusted);
    if (problem) throw new Error(problem);
    await writeFile(join(options.folder, `${file}${SIGNATURE_SUFFIX}`), signature);
    signed.push({ file, version: info.version, keyId });
  }
  return signed;
}

/** The keys file's keys; an error when it has none (a build that would refuse every update). */
export async function checkReleaseKeys(keysFile = DEFAULT_KEYS_FILE): Promise<string[]> {
  const keys = readReleaseKeys(await readFile(keysFile, 'utf8'));
  if (keys.length === 0) throw new Error(`${keysFile} holds no release key: the app would refuse every update. Make one with \`npm run desktop:release-key -- --out <file>\` (docs/desktop.md).`);
  return keys.map(releaseKeyId);
}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (!value || value.startsWith('--')) throw new Error(`${name} needs a value`);
  args.splice(at, 2);
  return value;
}

async function main(argv: string[]): Promise<void> {
  const [command, ...args] = argv;
  const keysFile = option(args, '--keys-file');
  const passphrase = process.env.CLINIC_RELEASE_KEY_PASSPHRASE || undefined;
  if (command === 'key') {
    const out = option(args, '--out');
    if (!out) throw new Error('Say where the private key goes: --out <file> (a place only you can read, never the clinic server)');
    const { keyId } = await generateReleaseKey({ privateKeyPath: resolve(out), keysFile, passphrase });
    console.log(`Made release key ${keyId}.\n  private key: ${resolve(out)} (keep it off the server; back it up)\n  public key:  added to ${keysFile ?? DEFAULT_KEYS_FILE} (commit it; the next build carries it)`);
  } else if (command === 'sign') {
    const folder = args.find((a) => !a.startsWith('--'));
    const keyPath = option(args, '--key') ?? process.env.CLINIC_RELEASE_KEY;
    if (!folder || !keyPath) throw new Error('Usage: npm run desktop:sign-release -- <folder> --key <private key file>');
    const privateKey = await readPrivateKey(resolve(keyPath), passphrase);
    for (const feed of await signReleaseFolder({ folder: resolve(folder), privateKey, keysFile }))
      console.log(`Signed ${feed.file} (version ${feed.version}) with key ${feed.keyId}: ${feed.file}${SIGNATURE_SUFFIX}`);
    console.log('Copy the installers and blockmaps to DESKTOP_UPDATES_DIR first, then each latest*.yml together with its .sig.');
  } else if (command === 'check') {
    console.log(`Release keys built into the app: ${(await checkReleaseKeys(keysFile)).join(', ')}`);
  } else {
    throw new Error('Commands: key --out <file> | sign <folder> --key <file> | check');
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  });
}
