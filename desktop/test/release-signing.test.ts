import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkReleaseKeys, DEFAULT_KEYS_FILE, generateReleaseKey, readPrivateKey, signReleaseFolder } from '../scripts/release-signing';
import { insecureUpdateAddressProblem, readReleaseKeys, releaseKeyId, releaseSignatureProblem, signRelease } from '../src/main/release-signature';
import { FEED_FILE, INSTALLER, writeRelease } from './support/update-feed';

// DESK-9: the signature format, the transport rule, the built-in key file, and the script a clinic uses to
// make its release key and sign each release.

const root = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'clinic-release-signing-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the release signature', () => {
  const a = generateKeyPairSync('ed25519');
  const b = generateKeyPairSync('ed25519');
  const data = Buffer.from('version: 0.2.0\nsha512: abc\n');

  it('accepts a signature by any built-in key, so a new key can be added before the old one retires', () => {
    expect(releaseSignatureProblem(FEED_FILE, data, signRelease(data, a.privateKey), [a.publicKey, b.publicKey])).toBeNull();
    expect(releaseSignatureProblem(FEED_FILE, data, signRelease(data, b.privateKey), [a.publicKey, b.publicKey])).toBeNull();
  });

  it('refuses a changed byte, another key, a missing or malformed signature, and an app without keys, each with its reason', () => {
    const signature = signRelease(data, a.privateKey);
    expect(releaseSignatureProblem(FEED_FILE, Buffer.from('version: 0.2.1\nsha512: abc\n'), signature, [a.publicKey])).toMatch(/changed after it was signed/);
    expect(releaseSignatureProblem(FEED_FILE, data, signRelease(data, b.privateKey), [a.publicKey])).toBe(
      `${FEED_FILE} is signed with a key this app does not trust (key ${releaseKeyId(b.publicKey)}; it trusts ${releaseKeyId(a.publicKey)})`,
    );
    expect(releaseSignatureProblem(FEED_FILE, data, null, [a.publicKey])).toMatch(/is not signed/);
    // A signature naming a trusted key but made by another fails the check itself, not only the name.
    const forged = signRelease(data, b.privateKey).replace(releaseKeyId(b.publicKey), releaseKeyId(a.publicKey));
    expect(releaseSignatureProblem(FEED_FILE, data, forged, [a.publicKey])).toMatch(/changed after it was signed/);
    for (const bad of ['', 'ed25519', `rsa ${releaseKeyId(a.publicKey)} ${'A'.repeat(86)}==`, signature.replace(/.{4}\n$/, '\n')]) {
      expect(releaseSignatureProblem(FEED_FILE, data, bad, [a.publicKey]), bad).toMatch(/is not a release signature/);
    }
    expect(releaseSignatureProblem(FEED_FILE, data, signature, [])).toMatch(/no release key built in/);
  });

  it('takes HTTPS anywhere and plain HTTP only on this computer (127.0.0.1, ::1, localhost)', () => {
    for (const ok of ['https://clinic.example.in/desktop/updates/', 'https://192.168.1.20/desktop/updates/', 'http://127.0.0.1:3000/', 'http://localhost:3000/', 'http://LOCALHOST/', 'http://[::1]:3000/']) {
      expect(insecureUpdateAddressProblem(ok), ok).toBeNull();
    }
    for (const bad of ['http://192.168.1.20:3000/', 'http://clinic.example.in/', 'http://localhost.example.in/', 'http://127.0.0.1.nip.io/', 'http://[::2]/', 'ftp://clinic.example.in/', 'file:///tmp/latest.yml', 'not an address']) {
      expect(insecureUpdateAddressProblem(bad), bad).not.toBeNull();
    }
  });

  it('reads every Ed25519 key of a key file, ignores its comments, and refuses any other kind of key', () => {
    const text = ['# comment', a.publicKey.export({ type: 'spki', format: 'pem' }), '# another', b.publicKey.export({ type: 'spki', format: 'pem' })].join('\n');
    expect(readReleaseKeys(text).map(releaseKeyId)).toEqual([releaseKeyId(a.publicKey), releaseKeyId(b.publicKey)]);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(() => readReleaseKeys(rsa)).toThrow(/must be Ed25519/);
  });

  it("the app's built-in key file reads cleanly (the build embeds it as it is)", () => {
    const text = readFileSync(DEFAULT_KEYS_FILE, 'utf8');
    expect(() => readReleaseKeys(text)).not.toThrow();
    expect(readFileSync(join(root, 'desktop', 'out', 'main', 'index.js'), 'utf8')).toContain(JSON.stringify(text));
  });
});

describe('the release-signing script', () => {
  it('makes a key: the private key readable by its owner alone and never overwritten, the public key added to the key file', async () => {
    const keysFile = join(dir, 'release-keys.pem');
    writeFileSync(keysFile, '# keys\n');
    const privateKeyPath = join(dir, 'release.key');
    const { keyId } = await generateReleaseKey({ privateKeyPath, keysFile });
    expect(statSync(privateKeyPath).mode & 0o777).toBe(0o600);
    expect(readReleaseKeys(readFileSync(keysFile, 'utf8')).map(releaseKeyId)).toEqual([keyId]);
    expect(releaseKeyId(await readPrivateKey(privateKeyPath))).toBe(keyId);
    await expect(generateReleaseKey({ privateKeyPath, keysFile })).rejects.toThrow(/EEXIST/);
    expect(await checkReleaseKeys(keysFile)).toEqual([keyId]);
  });

  it('keeps a passphrase-protected key closed without the passphrase', async () => {
    const privateKeyPath = join(dir, 'release.key');
    await generateReleaseKey({ privateKeyPath, keysFile: join(dir, 'keys.pem'), passphrase: 'correct horse' });
    expect(readFileSync(privateKeyPath, 'utf8')).toContain('ENCRYPTED PRIVATE KEY');
    await expect(readPrivateKey(privateKeyPath)).rejects.toThrow();
    await expect(readPrivateKey(privateKeyPath, 'correct horse')).resolves.toBeDefined();
  });

  it('signs only a folder whose installers match the sha512 in its feed file, with a key the app trusts', async () => {
    const keysFile = join(dir, 'keys.pem');
    const { keyId } = await generateReleaseKey({ privateKeyPath: join(dir, 'release.key'), keysFile });
    const privateKey = await readPrivateKey(join(dir, 'release.key'));
    const folder = join(dir, 'dist');

    await writeRelease(folder);
    writeFileSync(join(folder, INSTALLER), 'another build');
    await expect(signReleaseFolder({ folder, privateKey, keysFile })).rejects.toThrow(`${INSTALLER} does not match the sha512 in ${FEED_FILE}`);
    rmSync(join(folder, INSTALLER));
    await expect(signReleaseFolder({ folder, privateKey, keysFile })).rejects.toThrow(`${FEED_FILE} lists ${INSTALLER}, which is not in`);
    await expect(signReleaseFolder({ folder: dir, privateKey, keysFile })).rejects.toThrow(/No latest\*\.yml in/);
    const stranger = generateKeyPairSync('ed25519').privateKey;
    await writeRelease(folder);
    await expect(signReleaseFolder({ folder, privateKey: stranger, keysFile })).rejects.toThrow(/is not in .*keys\.pem: apps built from it would refuse this release/);
    expect(existsSync(join(folder, `${FEED_FILE}.sig`))).toBe(false);

    expect(await signReleaseFolder({ folder, privateKey, keysFile })).toEqual([{ file: FEED_FILE, version: '0.2.0', keyId }]);
    const signature = readFileSync(join(folder, `${FEED_FILE}.sig`), 'utf8');
    expect(releaseSignatureProblem(FEED_FILE, readFileSync(join(folder, FEED_FILE)), signature, readReleaseKeys(readFileSync(keysFile, 'utf8')))).toBeNull();
  });

  it('refuses to vouch for an empty key file (dist:desktop runs this check before packaging)', async () => {
    writeFileSync(join(dir, 'keys.pem'), '# no key yet\n');
    await expect(checkReleaseKeys(join(dir, 'keys.pem'))).rejects.toThrow(/holds no release key: the app would refuse every update/);
  });

  it('works from the command line: npm run desktop:release-key, then desktop:sign-release', async () => {
    const keysFile = join(dir, 'keys.pem');
    const folder = join(dir, 'dist');
    await writeRelease(folder);
    const tsx = join(root, 'node_modules', '.bin', 'tsx');
    const script = join(root, 'desktop', 'scripts', 'release-signing.ts');
    const made = await run(tsx, [script, 'key', '--out', join(dir, 'release.key'), '--keys-file', keysFile], { cwd: root });
    expect(made.stdout).toMatch(/Made release key [0-9a-f]{16}/);
    const signed = await run(tsx, [script, 'sign', folder, '--keys-file', keysFile], { cwd: root, env: { ...process.env, CLINIC_RELEASE_KEY: join(dir, 'release.key') } });
    expect(signed.stdout).toContain(`Signed ${FEED_FILE} (version 0.2.0)`);
    expect(existsSync(join(folder, `${FEED_FILE}.sig`))).toBe(true);
    const failed = await run(tsx, [script, 'sign', folder], { cwd: root, env: { ...process.env, CLINIC_RELEASE_KEY: '' } }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1, stderr: expect.stringContaining('Usage: npm run desktop:sign-release') });
  });
});
