import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '../../api/test/support/test-app';
import { computeInvoiceTotals } from '../../shared/domain/invoice-totals';
import { createAppProtocolHandler } from '../src/main/app-protocol';
import { APP_CSP } from '../src/main/constants';
import { createDesktopServices } from '../src/main/desktop-services';
import { htmlDataUrl } from '../src/main/ipc/print-invoice';
import { advice, messages } from '../src/main/server-address';
import { SETTINGS_FILE, createSettingsStore } from '../src/main/settings-store';
import type { ClinicDesktopApi } from '../src/preload/api';
import { startAppServer } from './support/app-server';
import { closedPort, readBody, startLocalServer, type LocalServer } from './support/http-server';
import { loadBuiltPreload } from './support/preload-harness';
import { createSessionFetch } from './support/session-fetch';

// The desktop page as the app window shows it, in headless Chromium: the built renderer served by the
// app:// protocol handler (with its CSP), window.clinicDesktop backed by the built preload and the real
// IPC handlers and services, the API proxied to a clinic server on another origin. Only Electron itself is
// replaced: Chromium for the window, Node's fetch with a cookie jar for the server session (DESK-5).

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  throw new Error(`Chromium not found at ${CHROMIUM}. Install it (Debian: apt-get install -y chromium) or set CHROMIUM_PATH.`);
}
const RENDERER = join(import.meta.dirname, '..', 'out', 'renderer');
/** Set DESKTOP_SCREENSHOTS=<folder> to keep screenshots of the gate screens at 1280 px. */
const SCREENSHOTS = process.env.DESKTOP_SCREENSHOTS;

let api: TestApp;
let browser: Browser;
let tmp: string;
let notClinic: LocalServer;
let flaky: LocalServer;
let flakyUp = false;
const opened: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  if (!existsSync(join(RENDERER, 'index.html'))) throw new Error('Run `npm run build:desktop` first (npm test does).');
  [api, browser, tmp] = await Promise.all([
    startTestApp(),
    chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] }),
    mkdtemp(join(tmpdir(), 'clinic-desk-renderer-')),
  ]);
  notClinic = await startLocalServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Printer setup</title>');
  });
  // A clinic server that can be switched off: connections are dropped while it is down; when it is up,
  // it relays everything to the real API.
  flaky = await startLocalServer(async (req, res) => {
    if (!flakyUp) return void req.socket.destroy();
    const body = await readBody(req);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers.set(name, value);
    }
    const upstream = await fetch(`${api.url}${req.url}`, {
      method: req.method,
      headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : Uint8Array.from(body),
    });
    const out: Record<string, string | string[]> = {};
    upstream.headers.forEach((value, name) => {
      if (!['content-encoding', 'content-length', 'set-cookie'].includes(name)) out[name] = value;
    });
    if (upstream.headers.getSetCookie().length) out['set-cookie'] = upstream.headers.getSetCookie();
    res.writeHead(upstream.status, out).end(Buffer.from(await upstream.arrayBuffer()));
  });
});

afterAll(async () => {
  for (const d of opened) await d.close();
  await Promise.all([notClinic?.close(), flaky?.close()]);
  await browser?.close();
  await api?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

async function printInChromium(html: string): Promise<Buffer> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(htmlDataUrl(html));
    return await page.pdf({ format: 'A4', printBackground: true });
  } finally {
    await context.close();
  }
}

/** Starts the desktop app's page with its main-process services, settings in `userData`. */
async function openDesktop(userData: string) {
  const sessionFetch = createSessionFetch();
  const offeredToOpen: string[] = [];
  const services = await createDesktopServices({
    settings: createSettingsStore(userData),
    serverFetch: sessionFetch,
    clearServerCookies: async () => sessionFetch.jar.clear(),
    printHtmlToPdf: printInChromium,
    showSaveDialog: async (options) => ({ canceled: false, filePath: join(userData, basename(options.defaultPath ?? 'x.pdf')) }),
    writeFile: (path, data) => writeFile(path, data),
    offerToOpen: async (path) => void offeredToOpen.push(path),
    documentsDirectory: userData,
  });
  const preload = loadBuiltPreload(services.ipc);
  const server = await startAppServer(createAppProtocolHandler({ rendererDir: RENDERER, proxy: services.proxy }));
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  const cookiesOffered: string[] = [];
  page.on('response', (response) => {
    const cookie = response.headers()['set-cookie'];
    if (cookie) cookiesOffered.push(cookie);
  });
  await page.exposeFunction('__clinicDesktopCall', (method: keyof ClinicDesktopApi, args: unknown[]) =>
    (preload.api[method] as (...a: unknown[]) => unknown)(...args),
  );
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    const call = (method: string, ...args: unknown[]) => (w.__clinicDesktopCall as (m: string, a: unknown[]) => Promise<unknown>)(method, args);
    const listeners = new Set<() => void>();
    w.clinicDesktop = {
      getServerAddress: () => call('getServerAddress'),
      checkServer: () => call('checkServer'),
      setServerAddress: (address: string) => call('setServerAddress', address),
      saveInvoicePdf: (id: number) => call('saveInvoicePdf', id),
      onOpenServerSettings: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    w.__menuChangeServerAddress = () => listeners.forEach((listener) => listener());
  });
  const response = await page.goto(`${server.url}/index.html`);
  expect(response?.headers()['content-security-policy']).toBe(APP_CSP);
  const d = {
    page,
    sessionFetch,
    offeredToOpen,
    problems,
    cookiesOffered,
    menuChangeServerAddress: () => page.evaluate(() => (window as unknown as { __menuChangeServerAddress(): void }).__menuChangeServerAddress()),
    close: async () => {
      await context.close();
      await server.close();
    },
  };
  opened.push(d);
  return d;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

async function connect(page: Page, address: string) {
  await page.getByLabel('Server address').fill(address);
  await page.getByRole('button', { name: 'Connect' }).click();
}

async function signIn(page: Page) {
  await heading(page, 'Admin Login').waitFor();
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await heading(page, 'Dashboard').waitFor();
}

async function shoot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  await page.waitForFunction(() => [...document.images].every((image) => image.complete && image.naturalWidth > 0));
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page: page as never }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('first launch', () => {
  it('asks for the server address, explains each mistake, remembers the address and signs in', async () => {
    const userData = await mkdtemp(join(tmp, 'first-'));
    const d = await openDesktop(userData);
    const { page } = d;
    await heading(page, 'Connect to the clinic server').waitFor();
    expect(await page.getByLabel('Server address').inputValue()).toBe('');
    await shoot(page, 'first-launch');
    expect(await axeViolations(page)).toEqual([]);

    await connect(page, 'clinic server');
    await alertWith(page, 'That is not a web address. Enter it like http://192.168.1.20:3000').waitFor();
    expect(await page.getByLabel('Server address').getAttribute('aria-invalid')).toBe('true');
    await shoot(page, 'first-launch-error');
    expect(await axeViolations(page)).toEqual([]);

    const nobody = `http://127.0.0.1:${await closedPort()}`;
    await connect(page, nobody);
    await alertWith(page, messages.unreachable(nobody)).waitFor();

    await connect(page, notClinic.url);
    await alertWith(page, messages.notClinic(notClinic.url)).waitFor();
    expect(existsSync(join(userData, SETTINGS_FILE))).toBe(false);

    // Typed the way reception staff would: host and port, no scheme.
    await connect(page, api.url.replace('http://', ''));
    await heading(page, 'Admin Login').waitFor();
    expect(JSON.parse(readFileSync(join(userData, SETTINGS_FILE), 'utf8'))).toEqual({ serverAddress: api.url });

    await signIn(page);
    await shoot(page, 'admin-dashboard');
    // The session lives in the main process: the page never saw the cookie and cannot read one.
    expect(d.sessionFetch.jar.get('sid')).toBeTruthy();
    expect(d.cookiesOffered).toEqual([]);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(storage).not.toContain(d.sessionFetch.jar.get('sid'));
    expect(d.problems).toEqual([]);
  });

  it('goes straight to the admin on the next launch', async () => {
    const userData = await mkdtemp(join(tmp, 'next-'));
    await createSettingsStore(userData).write({ serverAddress: api.url });
    const { page, problems } = await openDesktop(userData);
    await heading(page, 'Admin Login').waitFor();
    expect(await page.getByText('Connect to the clinic server').count()).toBe(0);
    expect(problems).toEqual([]);
  });
});

describe('when the server cannot be reached', () => {
  it('says so with the address, and Retry connects once the server is back', async () => {
    flakyUp = false;
    const userData = await mkdtemp(join(tmp, 'down-'));
    await createSettingsStore(userData).write({ serverAddress: flaky.url });
    const { page, problems } = await openDesktop(userData);
    await heading(page, 'Cannot reach the clinic server').waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(advice.unreachable);
    expect(await page.locator('.gate-address code').textContent()).toBe(flaky.url);
    await expect(page.getByRole('button', { name: 'Retry' }).evaluate((b) => b === document.activeElement)).resolves.toBe(true);
    await shoot(page, 'unreachable');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText(/^Last tried at/).waitFor();
    await heading(page, 'Cannot reach the clinic server').waitFor();

    flakyUp = true;
    await page.getByRole('button', { name: 'Retry' }).click();
    await heading(page, 'Admin Login').waitFor();
    expect(problems).toEqual([]);
  });

  it('offers to change the address from there', async () => {
    flakyUp = false;
    const userData = await mkdtemp(join(tmp, 'change-'));
    await createSettingsStore(userData).write({ serverAddress: flaky.url });
    const { page } = await openDesktop(userData);
    await page.getByRole('button', { name: 'Change server address' }).click();
    await heading(page, 'Change the clinic server').waitFor();
    expect(await page.getByLabel('Server address').inputValue()).toBe(flaky.url);
    await connect(page, api.url);
    await heading(page, 'Admin Login').waitFor();
    expect(JSON.parse(readFileSync(join(userData, SETTINGS_FILE), 'utf8'))).toEqual({ serverAddress: api.url });
  });
});

describe('File > Change Server Address...', () => {
  it('shows the current address over the admin, and Cancel goes back', async () => {
    const userData = await mkdtemp(join(tmp, 'menu-'));
    await createSettingsStore(userData).write({ serverAddress: api.url });
    const { page, menuChangeServerAddress } = await openDesktop(userData);
    await heading(page, 'Admin Login').waitFor();
    await menuChangeServerAddress();
    await heading(page, 'Change the clinic server').waitFor();
    expect(await page.getByLabel('Server address').inputValue()).toBe(api.url);
    await shoot(page, 'change-server');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await heading(page, 'Admin Login').waitFor();
  });
});

describe('invoice PDFs from the admin screens', () => {
  it('prints the invoice locally, saves invoice-{id}.pdf and offers to open it', async () => {
    const cookie = await api.signIn();
    const patient = await api.request('/api/admin/patients', {
      method: 'POST',
      cookie,
      json: { firstName: 'Meera', lastName: 'Joshi', email: 'meera@example.in', phone: '9822011111' },
    });
    expect(patient.status).toBe(201);
    // A GST-registered clinic (INV-19), so the 18% figures below may be charged.
    expect((await api.request('/api/admin/site-settings/gstin', { method: 'PUT', cookie, json: { value: '27AAPFU0939F1ZV' } })).status).toBe(200);
    const items = [{ description: 'Dental cleaning', quantity: 1, unitPrice: 1500, sacCode: '999312' }];
    const totals = computeInvoiceTotals(items, 18);
    const created = await api.request('/api/admin/invoices', {
      method: 'POST',
      cookie,
      json: { patientId: ((await patient.json()) as { id: number }).id, taxPercentage: 18, ...totals, items: totals.items },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const invoice = (await created.json()) as { id: number; invoiceNumber: string; issueDate: string };

    const userData = await mkdtemp(join(tmp, 'pdf-'));
    await createSettingsStore(userData).write({ serverAddress: api.url });
    const d = await openDesktop(userData);
    await signIn(d.page);
    await d.page.evaluate(() => {
      window.location.hash = '#/invoices';
    });
    const download = d.page.getByRole('button', { name: `Download PDF of ${invoice.invoiceNumber}` });
    await shoot(d.page, 'admin-invoices');
    await download.click();
    const saved = join(userData, `invoice-${invoice.id}.pdf`);
    await expect.poll(() => d.offeredToOpen, { timeout: 15_000 }).toEqual([saved]);
    const pdf = await readFile(saved);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = spawnSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: pdf }).stdout.toString();
    expect(text).toContain(invoice.invoiceNumber);
    expect(text.replace(/\s+/g, ' ')).toContain('Total ₹ 1,770.00');

    // The printable view shows the same shared layout inside the page, under the app's CSP.
    await d.page.evaluate((id) => {
      window.location.hash = `#/invoices/${id}/print`;
    }, invoice.id);
    const sheet = d.page.frameLocator(`iframe[title="Invoice ${invoice.invoiceNumber}"]`).locator('.sheet');
    await sheet.waitFor();
    expect((await sheet.textContent())?.replace(/\s+/g, ' ')).toContain('Total₹ 1,770.00');

    // A payment's receipt: the server's PDF, fetched through app://clinic/api and handed to the window as
    // a download (Electron then asks where to save it; here Chromium's download stands in).
    const paid = await api.request(`/api/admin/invoices/${invoice.id}/payments`, {
      method: 'POST',
      cookie,
      json: { amount: 500, paidOn: invoice.issueDate, mode: 'upi', reference: 'UTR 77' },
    });
    expect(paid.status, await paid.clone().text()).toBe(201);
    const { receiptNumber } = (await paid.json()) as { receiptNumber: string };
    await d.page.reload();
    const receipt = d.page.waitForEvent('download');
    await d.page.getByRole('button', { name: `Download receipt ${receiptNumber}` }).click();
    const file = await receipt;
    expect(file.suggestedFilename()).toBe(`receipt-${receiptNumber.replace(/\//g, '-')}.pdf`);
    expect((await readFile((await file.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(d.problems).toEqual([]);
  });
});
