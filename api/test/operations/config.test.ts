import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

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
