import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createStorage, parseStorageUrl } from '../../platform/storage';

describe('configuration from the environment (OPS-9)', () => {
  it('has working defaults for `npm start`', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, nodeEnv: 'development', seedDemo: true, slotCapacity: 2, publicUrl: 'http://localhost:3000' });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
  });

  it('names every bad variable in one message', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail', SEED_DEMO: 'maybe' });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      message = (err as Error).message;
    }
    for (const name of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'SEED_DEMO']) expect(message).toContain(name);
  });

  it('wants ADMIN_EMAIL and ADMIN_PASSWORD together', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@clinic.test' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
  });

  it('never seeds demo content in production', () => {
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true', SMTP_URL: 'smtp://mail.clinic.test:587' }).seedDemo).toBe(false);
  });

  it('refuses production without SMTP_URL: mail written to a folder nobody reads is mail lost', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL: required when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtps://user:pass@mail.clinic.test:465' }).smtpUrl).toMatch(/^smtps:/);
  });

  it('gives rendered pages 24 MB a process unless PAGE_CACHE_MB says otherwise (SITE-27)', () => {
    expect(loadConfig({}).pageCacheMb).toBe(24);
    expect(loadConfig({ PAGE_CACHE_MB: '0' }).pageCacheMb).toBe(0);
    expect(() => loadConfig({ PAGE_CACHE_MB: 'lots' })).toThrow(/PAGE_CACHE_MB/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });
});

describe('STORAGE_URL: the stored files in an S3-compatible bucket (FILE-5)', () => {
  const SECRET = 'wJalr/XUtnFEMI+K7MDENG';
  const fail = (url: string) => {
    try {
      loadConfig({ STORAGE_URL: url });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error(`${url} was taken`);
  };

  it('is unset by default: the files stay in the folder', async () => {
    expect(loadConfig({}).storageUrl).toBeUndefined();
    expect((await createStorage(loadConfig({ DATA_DIR: '/srv/clinic' }))).location).toBe('/srv/clinic/storage');
  });

  it('reads an HTTPS endpoint with percent-encoded credentials, a prefix and a region; path-style, AES256 by default', async () => {
    const url = `s3://AKIAEXAMPLE:${encodeURIComponent(SECRET)}@s3.ap-south-1.amazonaws.com/smile-clinic-files/pune/files?region=ap-south-1`;
    expect(loadConfig({ STORAGE_URL: url }).storageUrl).toBe(url);
    expect(parseStorageUrl(url)).toEqual({
      endpoint: 'https://s3.ap-south-1.amazonaws.com',
      bucket: 'smile-clinic-files',
      prefix: 'pune/files/',
      region: 'ap-south-1',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: SECRET },
      serverSideEncryption: 'AES256',
      pathStyle: true,
      location: 's3://s3.ap-south-1.amazonaws.com/smile-clinic-files/pune/files',
    });
    // The storage's location goes into logs: never the credentials.
    const storage = await createStorage({ storageDir: '/unused', storageUrl: url });
    expect(storage.location).toBe('s3://s3.ap-south-1.amazonaws.com/smile-clinic-files/pune/files');
    expect(storage.location).not.toContain('AKIAEXAMPLE');
  });

  it('reads a plain-HTTP MinIO without credentials (the SDK\'s chain gives them) and the optional parameters', () => {
    expect(parseStorageUrl('s3+http://127.0.0.1:9000/clinic')).toMatchObject({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'clinic',
      prefix: '',
      region: 'us-east-1',
      serverSideEncryption: 'AES256',
      pathStyle: true,
      location: 's3+http://127.0.0.1:9000/clinic',
    });
    expect(parseStorageUrl('s3+http://127.0.0.1:9000/clinic').credentials).toBeUndefined();
    expect(parseStorageUrl('s3://r2.example.com/clinic/?region=auto&sse=none&addressing=virtual')).toMatchObject({
      prefix: '',
      region: 'auto',
      serverSideEncryption: null,
      pathStyle: false,
    });
  });

  it.each([
    ['https://AKIA:x@s3.example.com/clinic', /must start with s3:\/\/ \(an HTTPS endpoint\) or s3\+http:\/\//],
    ['clinic files', /not a URL/],
    ['s3://AKIA:x@s3.example.com', /names no bucket/],
    ['s3://AKIA:x@s3.example.com/Clinic_Files', /bucket name must be 3 to 63 lower-case letters/],
    ['s3://AKIA:x@s3.example.com/clinic//files', /prefix after the bucket/],
    ['s3://AKIA@s3.example.com/clinic', /access key id without its secret/],
    ['s3://AKIA:%E0%A4@s3.example.com/clinic', /credentials are not properly percent-encoded/],
    ['s3://AKIA:x@s3.example.com/clinic?regoin=ap-south-1', /unknown parameters \(regoin; known: region, sse, addressing\)/],
    ['s3://AKIA:x@s3.example.com/clinic?sse=yes', /sse must be AES256, aws:kms or none/],
    ['s3://AKIA:x@s3.example.com/clinic?region=Mumbai India', /region must be a region name/],
  ])('refuses %j at start, saying what is wrong and the expected form', (url, reason) => {
    const message = fail(url);
    expect(message).toMatch(/^Invalid configuration:\n {2}STORAGE_URL: /);
    expect(message).toMatch(reason);
    expect(message).toContain('expected s3://ACCESS_KEY_ID:SECRET@host[:port]/bucket[/prefix]?region=REGION');
  });

  it('never prints the secret of a URL it refuses', () => {
    const message = fail(`s3://AKIAEXAMPLE:${encodeURIComponent(SECRET)}@s3.example.com/Bad_Bucket`);
    expect(message).not.toContain(encodeURIComponent(SECRET));
    expect(message).not.toContain(SECRET);
    expect(message).not.toContain('AKIAEXAMPLE');
  });
});
