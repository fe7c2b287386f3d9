import path from 'node:path';
import { z } from 'zod';
import { defaultHttpTimeouts, type HttpTimeouts } from './http-server';
import { parseStorageUrl, StorageUrlError } from './platform/storage/bucket-url';

// OPS-9: the environment is read once, here, and every bad value stops the process with its name.
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  // FILE-1: the folder uploaded files are kept in (default DATA_DIR/storage).
  STORAGE_DIR: z.string().min(1).optional(),
  // FILE-5: an S3-compatible bucket instead of the folder (api/platform/storage/bucket-url.ts reads it).
  STORAGE_URL: z
    .string()
    .optional()
    .superRefine((url, ctx) => {
      try {
        if (url) parseStorageUrl(url);
      } catch (err) {
        if (!(err instanceof StorageUrlError)) throw err;
        ctx.addIssue({ code: 'custom', message: err.message });
      }
    }),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  CLINIC_NOTIFY_EMAIL: z.email().optional(),
  MAIL_RATE_PER_SECOND: z.coerce.number().int().min(0).max(1000).default(10),
  EMAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SEED_DEMO: booleanFlag.default(true),
  BOOKING_SLOT_CAPACITY: z.coerce.number().int().min(1).max(100).default(2),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  DESKTOP_ORIGINS: z.string().optional(),
  // Public booking limits (docs/security.md). 0 = unlimited for the two limits.
  BOOKING_RATE_LIMIT_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(10),
  BOOKING_RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(10),
  BOOKING_MAX_OPEN_PER_CONTACT: z.coerce.number().int().min(0).max(1000).default(3),
  BOOKING_WINDOW_DAYS: z.coerce.number().int().min(1).max(1095).default(60),
  // Backups (OPS-13, docs/operations.md).
  BACKUP_DIR: z.string().optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(3650).default(14),
  // SET-4: the first-start value of the clinic's reminder lead time (hours before an appointment).
  REMINDER_HOURS_BEFORE: z.coerce.number().int().min(1).max(168).default(24),
  // DESK-8: the folder the desktop app's update feed is served from (default DATA_DIR/desktop-updates).
  DESKTOP_UPDATES_DIR: z.string().optional(),
  // OPS-15: run scheduled work in this process (docs/scheduling.md).
  SCHEDULER: booleanFlag.default(true),
  // PAT-6: months after the last completed visit a patient is due for a check-up.
  RECALL_MONTHS: z.coerce.number().int().min(1).max(60).default(6),
  // SITE-27: the memory the rendered public pages may hold in each process; 0 keeps none.
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(1024).default(24),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  nodeEnv: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl?: string;
  /**
   * The embedded database, development mail and the other kept files. OPS-21: every setting named `...Dir` is
   * a folder of kept data, made private at start (api/private-files.ts): name a new one so.
   */
  dataDir: string;
  /** FILE-1: the folder of stored files (uploaded images), default DATA_DIR/storage. */
  storageDir: string;
  /** FILE-5: the S3-compatible bucket of stored files, when set (the folder is then unused); holds the secret. */
  storageUrl?: string;
  /** Where backups go (default DATA_DIR/backups), and how many of the automatic ones are kept. */
  backupDir: string;
  backupKeep: number;
  smtpUrl?: string;
  mailFrom: string;
  clinicNotifyEmail?: string;
  /** Outbox delivery pace; 0 = unlimited. */
  mailRatePerSecond: number;
  /** Days a sent email keeps its recipient, subject and bodies (patient details); then they are blanked. */
  emailRetentionDays: number;
  adminEmail?: string;
  adminPassword?: string;
  seedDemo: boolean;
  slotCapacity: number;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  /** Origins besides PUBLIC_URL's whose pages may send state-changing requests (the desktop app's). */
  desktopOrigins: string[];
  /** Fixed in code (api/http-server.ts); tests shorten them. */
  httpTimeouts: HttpTimeouts;
  // Public booking limits.
  /** Booking requests one client address may send in a window; 0 = unlimited. */
  bookingRateLimitPerAddress: number;
  bookingRateLimitWindowMs: number;
  /** Open bookings (pending or confirmed, today or later) one email, and one phone, may hold; 0 = no cap. */
  bookingMaxOpenPerContact: number;
  /** SET-4: how many days ahead a visitor may book (the first-start default of the clinic's setting). */
  bookingWindowDays: number;
  /** SET-4: the first-start default of the clinic's reminder lead time, in hours. */
  reminderHoursBefore: number;
  /** DESK-8: the desktop update feed's folder, served at /desktop/updates/. */
  desktopUpdatesDir: string;
  /** OPS-15: run scheduled work in this process (every process may; each job still runs once). */
  scheduler: boolean;
  /** PAT-6: the first-start default of the clinic's recall period, in months (after the last completed visit). */
  recallMonths: number;
  /** SITE-27: megabytes of rendered pages each process may keep (0: none). */
  pageCacheMb: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings in a .env-style environment mean "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) || (!e.ADMIN_EMAIL && e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be given together');
  }
  if (e.NODE_ENV === 'production' && !e.SMTP_URL) {
    // Without SMTP the mail would go to files in DATA_DIR/mail, which nobody reads on a live server.
    throw new ConfigError('Invalid configuration:\n  SMTP_URL: required when NODE_ENV=production (patients and the clinic must receive the emails)');
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    storageDir: path.resolve(e.STORAGE_DIR ?? path.join(e.DATA_DIR, 'storage')),
    storageUrl: e.STORAGE_URL,
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
    backupKeep: e.BACKUP_KEEP,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Smile Care Dental Clinic <no-reply@smilecare.example>',
    clinicNotifyEmail: e.CLINIC_NOTIFY_EMAIL,
    mailRatePerSecond: e.MAIL_RATE_PER_SECOND,
    emailRetentionDays: e.EMAIL_RETENTION_DAYS,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    seedDemo: e.NODE_ENV === 'production' ? false : e.SEED_DEMO,
    slotCapacity: e.BOOKING_SLOT_CAPACITY,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    desktopOrigins: (e.DESKTOP_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    httpTimeouts: defaultHttpTimeouts,
    // Public booking limits.
    bookingRateLimitPerAddress: e.BOOKING_RATE_LIMIT_PER_ADDRESS,
    bookingRateLimitWindowMs: e.BOOKING_RATE_LIMIT_WINDOW_MINUTES * 60_000,
    bookingMaxOpenPerContact: e.BOOKING_MAX_OPEN_PER_CONTACT,
    bookingWindowDays: e.BOOKING_WINDOW_DAYS,
    reminderHoursBefore: e.REMINDER_HOURS_BEFORE,
    desktopUpdatesDir: path.resolve(e.DESKTOP_UPDATES_DIR ?? path.join(e.DATA_DIR, 'desktop-updates')),
    scheduler: e.SCHEDULER,
    recallMonths: e.RECALL_MONTHS,
    pageCacheMb: e.PAGE_CACHE_MB,
  };
}
