import { simpleParser, type ParsedMail } from 'mailparser';
import type { Readable } from 'node:stream';
import { SMTPServer } from 'smtp-server';

export interface Arrival {
  mail: ParsedMail;
  /** Date.now() when the peer had the whole message. */
  at: number;
}

/** A real SMTP server for tests: it speaks the protocol and keeps every message it accepts. */
export class SmtpPeer {
  readonly received: ParsedMail[] = [];
  readonly arrivals: Arrival[] = [];
  /**
   * Runs as a message's DATA phase begins, before the peer reads a byte of it: the transfer stalls until it
   * resolves. Resolving false refuses the message (it is not kept).
   */
  onDataStart: (() => Promise<boolean> | boolean) | null = null;
  /** Runs once a message is read in full and kept, before the peer answers it (a test can kill the sender here). */
  beforeReply: ((mail: ParsedMail) => Promise<void> | void) | null = null;
  private server: SMTPServer | null = null;
  private waiters: { test: (a: Arrival) => boolean; resolve: (a: Arrival) => void }[] = [];
  port = 0;

  async start(port = 0): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        this.receive(stream)
          .then(() => callback())
          .catch((err: Error) => {
            stream.resume();
            callback(err);
          });
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.server.address() as { port: number }).port;
    return this;
  }

  private async receive(stream: Readable): Promise<void> {
    if (this.onDataStart && !(await this.onDataStart())) throw new Error('Message refused by the test');
    const mail = await simpleParser(stream);
    const arrival = { mail, at: Date.now() };
    this.received.push(mail);
    this.arrivals.push(arrival);
    this.waiters = this.waiters.filter((w) => {
      if (!w.test(arrival)) return true;
      w.resolve(arrival);
      return false;
    });
    await this.beforeReply?.(mail);
  }

  /** Resolves with the first arrival (already here or still to come) that passes the test. */
  waitFor(test: (a: Arrival) => boolean, timeoutMs: number): Promise<Arrival> {
    const found = this.arrivals.find(test);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching message within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        test,
        resolve: (a) => {
          clearTimeout(timer);
          resolve(a);
        },
      });
    });
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
