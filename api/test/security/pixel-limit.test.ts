import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClinic, type ClinicalClinic } from '../support/clinical';
import { pixelBombPng } from '../support/pixel-bomb';

// IMG-8: every image the server decodes is measured from its header first, against one table of limits, and
// refused past it before any pixel is decoded; work for a resource (decoding a plan's signature) is done
// only once the resource is found and may be changed. The test image is a 16383 x 16383 PNG of about 40 KB
// (api/test/support/pixel-bomb.ts): decoding it costs libvips seconds and hundreds of megabytes.

let clinic: ClinicalClinic;
let BOMB = '';
let BOMB_BYTES: Buffer;
let SIGNATURE = '';

beforeAll(async () => {
  BOMB_BYTES = pixelBombPng();
  BOMB = `data:image/png;base64,${BOMB_BYTES.toString('base64')}`;
  const stroke = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 70 C 60 10, 90 90, 140 40" stroke="black" stroke-width="4" fill="none"/></svg>';
  SIGNATURE = `data:image/png;base64,${(await sharp(Buffer.from(stroke)).png().toBuffer()).toString('base64')}`;
  clinic = await startClinic();
  clinic.app.clock.set('2026-11-10T05:00:00Z');
});
afterAll(async () => {
  await clinic.app.close();
});

/** A new patient's proposed plan with one option, A. */
async function proposedPlan(name: string): Promise<number> {
  const patient = await clinic.newPatient(name);
  const items = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/chart-commands`, { command: '36 rct' });
  expect(items.status).toBe(201);
  const plan = await clinic.call('dentist', 'POST', `/api/admin/patients/${patient}/treatment-plans`, { title: 'Root canal', options: [{ name: 'A', itemIds: [items.body.items[0].id] }] });
  expect(plan.status).toBe(201);
  return plan.body.id;
}

const accept = (planId: number, signature: string) =>
  clinic.call('receptionist', 'POST', `/api/admin/treatment-plans/${planId}/accept`, { option: 'A', signature, signedBy: 'Asha Patil' });

describe('a signature is measured before it is decoded (IMG-8)', () => {
  it('the test image is small on the wire and enormous in pixels', async () => {
    expect(BOMB.length).toBeLessThan(60_000);
    expect(await sharp(BOMB_BYTES, { limitInputPixels: false }).metadata()).toMatchObject({ format: 'png', width: 16383, height: 16383 });
  });

  it('refuses a 16383 x 16383 signature at once with 413 naming the field, and the plan stays proposed', async () => {
    const planId = await proposedPlan('Bomb');
    const started = performance.now();
    const res = await accept(planId, BOMB);
    const ms = performance.now() - started;
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('The signature image is too large: 16383 x 16383 pixels, at most 4 megapixels');
    expect(res.body.fields).toEqual({ signature: res.body.error });
    // Decoding it took the old server seconds; the header alone takes milliseconds (generous bound).
    expect(ms).toBeLessThan(1_000);
    expect((await clinic.call('owner', 'GET', `/api/admin/treatment-plans/${planId}`)).body.status).toBe('proposed');
    // A real signature is still taken.
    expect((await accept(planId, SIGNATURE)).status).toBe(200);
  });

  it('looks the plan up before the signature: a missing plan is 404, an accepted one 409, whatever the image', async () => {
    const garbage = `data:image/png;base64,${Buffer.from('not a png at all').toString('base64')}`;
    for (const signature of [BOMB, garbage]) {
      const missing = await accept(999_999, signature);
      expect(missing).toEqual({ status: 404, body: { error: 'Treatment plan not found' } });
    }
    const planId = await proposedPlan('Done');
    expect((await accept(planId, SIGNATURE)).status).toBe(200);
    for (const signature of [BOMB, garbage]) {
      const again = await accept(planId, signature);
      expect(again).toEqual({ status: 409, body: { error: 'Only a proposed plan can be accepted' } });
    }
    // And a proposed plan with an unreadable signature is the signature's 400.
    const open = await accept(await proposedPlan('Open'), garbage);
    expect(open.status).toBe(400);
    expect(open.body.fields.signature).toBe('Please sign in the box (the signature is missing)');
  });

  it('sixteen at once are all refused while /healthz keeps answering quickly', async () => {
    const planId = await proposedPlan('Sixteen');
    const bombs = Promise.all(Array.from({ length: 16 }, () => accept(planId, BOMB)));
    const latencies: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const health = await clinic.app.request('/healthz');
      latencies.push(performance.now() - started);
      expect(health.status).toBe(200);
    }
    const answers = await bombs;
    console.info(`/healthz under sixteen signature bombs: ${latencies.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    expect(answers.map((a) => a.status)).toEqual(Array(16).fill(413));
    // Generous: the old server held /healthz for 1.4 s under sixteen; measuring headers takes milliseconds.
    expect(Math.max(...latencies)).toBeLessThan(500);
  });
});

describe('an upload is measured before it is decoded (IMG-8)', () => {
  const upload = (bytes: Buffer) => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'bomb.png');
    return clinic.app.request('/api/admin/upload', { method: 'POST', body: form, cookie: clinic.cookies.owner });
  };

  it('refuses a PNG past its pixel limit with 413 and says why, at once', async () => {
    const started = performance.now();
    const res = await upload(BOMB_BYTES);
    const ms = performance.now() - started;
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      success: false,
      imageUrl: null,
      thumbnailUrl: null,
      error: 'Please select a smaller image: this one is 16383 x 16383 pixels, at most 64 megapixels are accepted',
    });
    expect(ms).toBeLessThan(1_000);
    expect(Number((await clinic.app.deps.knex('media').count('* as n').first())!.n)).toBe(0);
  });
});
