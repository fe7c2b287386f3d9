// D7: failed logins are limited per address and per account. The per-account lock is short and grows
// slowly (a stranger cannot keep the real admin out for long); the per-address limit stops a single
// machine guessing at speed. In memory: the server is one process, and a restart forgives everyone.

interface Counter {
  failures: number;
  firstAt: number;
  lockedUntil: number;
}

export interface ThrottleOptions {
  addressLimit: number; // failures per address in the window
  accountFreeFailures: number; // failures before an account starts to lock
  windowMs: number;
  accountLockMs: number; // first lock; doubles, capped at accountLockMaxMs
  accountLockMaxMs: number;
}

export const defaultThrottleOptions: ThrottleOptions = {
  addressLimit: 20,
  accountFreeFailures: 5,
  windowMs: 15 * 60_000,
  accountLockMs: 30_000,
  accountLockMaxMs: 5 * 60_000,
};

export class LoginThrottle {
  private byAddress = new Map<string, Counter>();
  private byAccount = new Map<string, Counter>();

  constructor(
    private readonly options: ThrottleOptions = defaultThrottleOptions,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds to wait before another attempt, or 0 when one is allowed now. */
  retryAfter(address: string, account: string): number {
    const t = this.now();
    const waits = [this.current(this.byAddress, address, t), this.current(this.byAccount, account, t)]
      .map((c) => (c && c.lockedUntil > t ? c.lockedUntil - t : 0));
    return Math.ceil(Math.max(...waits) / 1000);
  }

  recordFailure(address: string, account: string): void {
    const t = this.now();
    const o = this.options;
    const a = this.bump(this.byAddress, address, t);
    if (a.failures >= o.addressLimit) a.lockedUntil = a.firstAt + o.windowMs;
    const c = this.bump(this.byAccount, account, t);
    const over = c.failures - o.accountFreeFailures;
    if (over >= 0) c.lockedUntil = t + Math.min(o.accountLockMs * 2 ** over, o.accountLockMaxMs);
  }

  recordSuccess(address: string, account: string): void {
    this.byAccount.delete(account);
    this.byAddress.delete(address);
  }

  private current(map: Map<string, Counter>, key: string, t: number): Counter | undefined {
    const c = map.get(key);
    if (c && c.lockedUntil <= t && t - c.firstAt > this.options.windowMs) {
      map.delete(key);
      return undefined;
    }
    return c;
  }

  private bump(map: Map<string, Counter>, key: string, t: number): Counter {
    const c = this.current(map, key, t) ?? { failures: 0, firstAt: t, lockedUntil: 0 };
    c.failures += 1;
    map.set(key, c);
    if (map.size > 10_000) map.delete(map.keys().next().value as string); // bound memory under a spray
    return c;
  }
}
