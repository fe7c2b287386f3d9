import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printedHash } from '../../platform/documents/issued-documents';
import { MAX_VERIFY_BYTES, VERIFY_POST_LIMITS, VERIFY_TEXTS } from '../../routes/public/verify';
import { startClinic, type ClinicalClinic } from '../support/clinical';

// VER-4..VER-6: verification proves the document. POST /verify answers whether the exact file a person holds
// is one the clinic issued (a copy with one byte changed is not); the printed code alone answers the day, the
// patient's initials and the total, so a changed total shows; the page at /verify works without JavaScript.

let clinic: ClinicalClinic;
let pdf: Buffer;
let code: string;
let total: number;

beforeAll(async () => {
  const stroke = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 70 C 60 10, 90 90, 140 40" stroke="black" stroke-width="4" fill="none"/></svg>';
  const signature = `data:image/png;base64,${(await sharp(Buffer.from(stroke)).png().toBuffer()).toString('base64')}`;
  clinic = await startClinic();
  clinic.app.clock.set('2026-11-10T05:00:00Z');
  const patient = await clinic.newPatient('Sunita');
  const charted = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/chart-commands`, { command: '36 rct; 36 crown' });
  const plan = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, { title: 'Lower left molar', options: [{ name: 'A', itemIds: charted.body.items.map((i: any) => i.id) }] });
  const accepted = await clinic.call('receptionist', 'POST', `/api/admin/treatment-plans/${plan.body.id}/accept`, { option: 'A', signature, signedBy: 'Sunita Patil' });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  code = accepted.body.acceptance.documentHash;
  total = accepted.body.options[0].total;
  const res = await clinic.app.request(`/api/admin/treatment-plans/${plan.body.id}/estimate.pdf`, { cookie: clinic.cookies.owner });
  pdf = Buffer.from(await res.arrayBuffer());
  expect(printedHash(pdf)).toBe(code);
});
afterAll(async () => {
  await clinic?.app.close();
});

/** POST /verify with `bytes` as the multipart field `file`, as a program (JSON) or a browser (HTML). */
async function post(bytes: Buffer, as: 'json' | 'html' = 'json', name = 'estimate.pdf') {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  return clinic.app.request('/verify', { method: 'POST', body, headers: as === 'json' ? { Accept: 'application/json' } : { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
}

/** One byte of the file changed, away from the printed code: a figure, the title. */
function oneByteChanged(file: Buffer): Buffer {
  const copy = Buffer.from(file);
  const at = copy.toString('latin1').indexOf('/Title (') + 8;
  copy[at] = copy[at] === 0x58 ? 0x59 : 0x58;
  return copy;
}

describe('POST /verify: the exact file (VER-4)', () => {
  it('answers issued with the kind and the day for the issued PDF', async () => {
    const res = await post(pdf);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ issued: true, kind: 'treatment-estimate', issuedOn: '2026-11-10' });
  });

  it('answers not issued for the same PDF with one byte changed, though it prints the real code', async () => {
    const changed = oneByteChanged(pdf);
    expect(printedHash(changed)).toBe(code);
    const res = await post(changed);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ issued: false });
    // The printed code itself changed to another: not issued either.
    const recoded = Buffer.from(pdf.toString('latin1').split(Buffer.from(code).toString('hex')).join(Buffer.from(code.replace(/^./, code[0] === 'a' ? 'b' : 'a')).toString('hex')), 'latin1');
    expect(await (await post(recoded)).json()).toEqual({ issued: false });
  });

  it('refuses a file that is not a PDF with 415, and no file with 400', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } }).png().toBuffer();
    const res = await post(png, 'json', 'estimate.pdf');
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ error: VERIFY_TEXTS.notPdf });
    const json = await clinic.app.request('/verify', { method: 'POST', json: { file: 'x' } });
    expect(json.status).toBe(415);
    const empty = await clinic.app.request('/verify', { method: 'POST', body: new FormData(), headers: { Accept: 'application/json' } });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: VERIFY_TEXTS.noFile });
  });

  it('refuses a file over 20 MB with 413 before reading it', async () => {
    const big = Buffer.alloc(MAX_VERIFY_BYTES + 1024, 0x20);
    big.write('%PDF-1.4\n', 0, 'latin1');
    const res = await post(big);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: VERIFY_TEXTS.tooLarge });
  });

  it('answers a person with the page, in the same words', async () => {
    const yes = await post(pdf, 'html');
    expect(yes.status).toBe(200);
    expect(yes.headers.get('content-type')).toContain('text/html');
    const text = await yes.text();
    expect(text).toContain('This file is exactly the document the clinic issued: a signed treatment estimate, issued on 10/11/2026 by');
    const no = await (await post(oneByteChanged(pdf), 'html')).text();
    expect(no).toContain(VERIFY_TEXTS.notIssued);
  });
});

describe('the printed code and the page (VER-5, VER-6)', () => {
  it("GET /verify/{code} answers the day, the patient's initials and the total, nothing else of the patient", async () => {
    const res = await clinic.app.request(`/verify/${code}`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ kind: 'treatment-estimate', issuedOn: '2026-11-10', initials: 'S. P.', total });
    expect(JSON.stringify(body)).not.toContain('Sunita');
    const page = await (await clinic.app.request(`/verify/${code}`, { headers: { Accept: 'text/html' } })).text();
    expect(page).toContain(`A document with this code was issued on 10/11/2026 for S. P., total ₹`);
    expect(page).not.toContain('Sunita');
    const unknown = await clinic.app.request(`/verify/${'0'.repeat(64)}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: VERIFY_TEXTS.unknownCode });
  });

  it('GET /verify is a form to choose the PDF (multipart, no JavaScript) or type the code', async () => {
    const res = await clinic.app.request('/verify', { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1>Verify a document</h1>');
    expect(html).toContain('<form method="post" action="/verify" enctype="multipart/form-data"');
    expect(html).toContain('<input type="file" id="file" name="file" accept="application/pdf,.pdf" required>');
    expect(html).toContain(VERIFY_TEXTS.fileLabel);
    expect(html).toContain(VERIFY_TEXTS.codeLabel);
    expect(html).toContain(VERIFY_TEXTS.kept.replace("'", '&#39;'));
    expect(html).not.toContain('<script');
    const typed = await clinic.app.request(`/verify?code=${code.toUpperCase()}`, { redirect: 'manual' });
    expect(typed.status).toBe(303);
    expect(typed.headers.get('location')).toBe(`/verify/${code}`);
  });

  it('throttles posts per address (429 with Retry-After)', async () => {
    clinic.app.clock.set('2026-11-11T05:00:00Z');
    let last: Response | undefined;
    for (let i = 0; i <= VERIFY_POST_LIMITS.perAddress; i += 1) last = await post(Buffer.from('%PDF-1.4 tiny'));
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
