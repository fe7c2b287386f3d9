import type { Knex } from 'knex';
import { blockedForMs, clearThrottles, refundAttempt, takeAttempt, throttleKey, type LockoutRule } from '../../platform/throttle-store';

// AUTH-5: failed sign-ins are slowed down without letting a stranger keep the real admin out, as
// OWASP's "Slow Down Online Guessing Attacks with Device Cookies" describes. A browser that has signed in
// to the account before (a trusted device, api/services/staff/trusted-devices.ts) counts only its own failures;
// every other attempt counts against the account (all untrusted browsers together) and against its address,
// with lockouts that grow. The counters live in the database (migration 004): every server process shares
// them (OPS-14) and a restart forgives nobody. Attempts are counted before the password is checked, so
// parallel requests cannot slip extra guesses past a lock; a right password gives its attempt back.

export interface LoginThrottleOptions {
  /** Untrusted browsers together, per account (known or not: an unknown account behaves the same). */
  account: LockoutRule;
  /** Untrusted browsers, per client address (spraying one password over many accounts). */
  address: LockoutRule;
  /** One trusted browser of one account: only its own failures. */
  device: LockoutRule;
}

/** Rules that differ from the defaults, field by field (tests use smaller ones). */
export type LoginThrottleOverrides = { [K in keyof LoginThrottleOptions]?: Partial<LockoutRule> };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

// Failures are remembered for a day from the first; the lock starts at a minute and doubles to an hour.
// A guesser from untrusted browsers gets about 33 tries a day at one account, whatever addresses they use.
export const defaultLoginThrottle: LoginThrottleOptions = {
  account: { limit: 5, windowMs: DAY, lockMs: MINUTE, maxLockMs: 60 * MINUTE },
  address: { limit: 20, windowMs: DAY, lockMs: MINUTE, maxLockMs: 60 * MINUTE },
  device: { limit: 5, windowMs: DAY, lockMs: MINUTE, maxLockMs: 60 * MINUTE },
};

/** Who is trying: a trusted device of the account, or any other browser (by account and address). */
export type LoginClient = { deviceId: number } | { account: string; address: string };

export class LoginThrottle {
  readonly options: LoginThrottleOptions;

  constructor(
    private readonly knex: Knex,
    options: LoginThrottleOverrides = {},
  ) {
    const d = defaultLoginThrottle;
    this.options = {
      account: { ...d.account, ...options.account },
      address: { ...d.address, ...options.address },
      device: { ...d.device, ...options.device },
    };
  }

  /** Milliseconds before this client may try again; 0 when it may now. Counts nothing. */
  waitMs(client: LoginClient, now: Date): Promise<number> {
    return blockedForMs(this.knex, this.limits(client).map(([key]) => key), now);
  }

  /**
   * Counts an attempt before the password is checked; answers 0, or the wait when a lock is in place
   * (another attempt got there first). A lock found on the second key leaves the first one counted:
   * rare (waitMs is asked first), and on the strict side.
   */
  async take(client: LoginClient, now: Date): Promise<number> {
    for (const [key, rule] of this.limits(client)) {
      const wait = await takeAttempt(this.knex, key, rule, now);
      if (wait > 0) return wait;
    }
    return 0;
  }

  /**
   * The password was right. A trusted device's failures are forgiven. For an untrusted browser, the
   * account's failures are forgiven, but its address keeps the failures of other sign-ins made from it
   * (behind one address may be many people): only this attempt is given back.
   */
  async succeeded(client: LoginClient): Promise<void> {
    const [first, second] = this.limits(client);
    await clearThrottles(this.knex, [first[0]]);
    if (second) await refundAttempt(this.knex, second[0], second[1]);
  }

  private limits(client: LoginClient): [string, LockoutRule][] {
    const o = this.options;
    if ('deviceId' in client) return [[throttleKey('login-device', String(client.deviceId)), o.device]];
    return [
      [throttleKey('login-account', client.account), o.account],
      [throttleKey('login-address', client.address), o.address],
    ];
  }
}
