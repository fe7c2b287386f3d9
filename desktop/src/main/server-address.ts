import type { ServerCheckResult } from '../preload/api';

// The clinic server's address: what staff type, how it is checked (GET <address>/healthz answers 200
// { ok: true } on the clinic's server, OPS-10) and the messages they read when it is not right.

export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

export const EXAMPLE_ADDRESS = 'http://192.168.1.20:3000';
export const CHECK_TIMEOUT_MS = 5_000;

export type NormalizedAddress = { ok: true; address: string } | { ok: false; message: string };

/**
 * The origin of what staff typed: 'http://' is assumed when no scheme is given, and a path (someone
 * pasting http://host:3000/admin/login) is dropped, since the API always lives at the server's root.
 */
export function normalizeServerAddress(input: string): NormalizedAddress {
  const text = input.trim();
  if (!text) return { ok: false, message: `Enter the clinic server's address, for example ${EXAMPLE_ADDRESS}` };
  if (text.length > 2000) return { ok: false, message: 'That address is too long.' };
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^:/]+:\d+(\/|$)/.test(text);
  let url: URL;
  try {
    url = new URL(hasScheme ? text : `http://${text}`);
  } catch {
    return { ok: false, message: `That is not a web address. Enter it like ${EXAMPLE_ADDRESS}` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: 'The address must start with http:// or https://' };
  }
  if (!url.hostname) return { ok: false, message: `That is not a web address. Enter it like ${EXAMPLE_ADDRESS}` };
  if (url.username || url.password) return { ok: false, message: 'Leave any user name and password out of the address.' };
  return { ok: true, address: url.origin };
}

const CHECK_NETWORK = "Check that the clinic server is switched on and that this computer is connected to the clinic's network.";

export const messages = {
  notSet: "Enter the clinic server's address to start.",
  unreachable: (address: string) => `Cannot reach ${address}. ${CHECK_NETWORK}`,
  timeout: (address: string) => `${address} did not answer within ${CHECK_TIMEOUT_MS / 1000} seconds. ${CHECK_NETWORK}`,
  notClinic: (address: string) => `${address} answered, but it is not the clinic's server. Check the address and the port number.`,
  unhealthy: (address: string) =>
    `The clinic server at ${address} is running, but its database is not answering. Try again in a minute.`,
};

/** The same explanations without the address, for the screen that shows the address beside them. */
export const advice = {
  unreachable: `The app could not connect to the server. ${CHECK_NETWORK}`,
  timeout: `The server did not answer within ${CHECK_TIMEOUT_MS / 1000} seconds. ${CHECK_NETWORK}`,
  notClinic: "Something answered at this address, but it is not the clinic's server. Check the address and the port number.",
  unhealthy: 'The clinic server is running, but its database is not answering. Try again in a minute.',
};

/** Reaches <address>/healthz and says whether it is a clinic server that works. */
export async function checkServerAddress(
  input: string,
  fetch: Fetch,
  options: { timeoutMs?: number } = {},
): Promise<ServerCheckResult> {
  const normalized = normalizeServerAddress(input);
  if (!normalized.ok) {
    return { ok: false, problem: 'invalid', message: normalized.message, advice: normalized.message, address: null };
  }
  const { address } = normalized;
  const timeoutMs = options.timeoutMs ?? CHECK_TIMEOUT_MS;

  let res: Response;
  try {
    res = await fetch(`${address}/healthz`, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      credentials: 'omit',
      redirect: 'follow',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return {
      ok: false,
      problem: 'unreachable',
      message: timedOut ? messages.timeout(address) : messages.unreachable(address),
      advice: timedOut ? advice.timeout : advice.unreachable,
      address,
    };
  }

  let body: unknown = null;
  try {
    const text = await res.text();
    body = text.length <= 10_000 ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const isHealth = typeof body === 'object' && body !== null && 'ok' in body;
  if (res.status === 200 && isHealth && (body as { ok: unknown }).ok === true) return { ok: true, address };
  if (res.status === 503 && isHealth && (body as { ok: unknown }).ok === false) {
    return { ok: false, problem: 'unhealthy', message: messages.unhealthy(address), advice: advice.unhealthy, address };
  }
  return { ok: false, problem: 'not-clinic', message: messages.notClinic(address), advice: advice.notClinic, address };
}
