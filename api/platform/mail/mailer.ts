import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The same on every attempt, so a receiver can drop a copy sent twice (at-least-once delivery). */
  messageId?: string;
  /** The Date header: the product's clock at sending (CLINIC-12), the same moment the outbox records as sent. */
  date: Date;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

/** MAIL-2: SMTP_URL selects a real server; without it each message becomes an .eml file in DATA_DIR/mail. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'dataDir'>): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl);
  return folderMailer(path.join(config.dataDir, 'mail'));
}

export function smtpMailer(url: string, extra: Record<string, unknown> = {}): Mailer {
  const transport = nodemailer.createTransport({ url, connectionTimeout: 10_000, socketTimeout: 20_000, ...extra });
  return {
    send: async (mail) => ({ messageId: (await transport.sendMail(mail)).messageId }),
    close: () => transport.close(),
  };
}

function folderMailer(dir: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(mail);
      // OPS-21: a message holds a patient's details: the folder 0700, the file 0600.
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      await fs.writeFile(path.join(dir, `${mail.date.getTime()}-${safeTo}.eml`), info.message as Buffer, { mode: 0o600 });
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}
