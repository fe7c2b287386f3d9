import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp();
  cookie = await app.signIn();
});
afterAll(() => app?.close());
beforeEach(async () => {
  await app.deps.knex('gallery_images').delete();
});

const image = { title: 'Reception', imageUrl: 'https://cdn.example.org/reception.jpg' };

const admin = (path: string, init: RequestInit & { json?: unknown } = {}) =>
  app.request(`/api/admin/gallery${path}`, { ...init, cookie });
const create = async (body: object) => {
  const res = await admin('', { method: 'POST', json: body });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
};
const update = (id: number, body: object) => admin(`/${id}`, { method: 'PUT', json: body });
const titles = async (query = '') => ((await (await admin(query)).json()) as { title: string }[]).map((g) => g.title);

async function uploadPng(): Promise<{ imageUrl: string; thumbnailUrl: string }> {
  const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3a7' } }).png().toBuffer();
  const form = new FormData();
  form.append('image', new Blob([png], { type: 'image/png' }), 'chair.png');
  const res = await app.request('/api/admin/upload', { method: 'POST', body: form, cookie });
  expect(res.status).toBe(201);
  return res.json();
}

describe('POST /api/admin/gallery', () => {
  it('creates an image with the spec defaults: active, category clinic, order 0', async () => {
    const res = await admin('', { method: 'POST', json: image });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      id: expect.any(Number),
      title: 'Reception',
      description: null,
      imageUrl: image.imageUrl,
      thumbnailUrl: null,
      category: 'clinic',
      isActive: true,
      order: 0,
      createdAt: expect.any(String),
    });
  });

  it('keeps every field it is given; an empty category means Uncategorized', async () => {
    const body = await create({
      ...image,
      description: 'Our waiting area',
      category: 'before-after',
      isActive: false,
      order: 7,
      thumbnailUrl: 'https://cdn.example.org/reception-small.jpg',
    });
    expect(body).toMatchObject({
      description: 'Our waiting area',
      category: 'before-after',
      isActive: false,
      order: 7,
      thumbnailUrl: 'https://cdn.example.org/reception-small.jpg',
    });
    expect((await create({ ...image, category: '' })).category).toBeNull();
  });

  it('gives an uploaded image its thumbnail; an image given by URL is kept as that URL', async () => {
    const uploaded = await uploadPng();
    const body = await create({ ...image, imageUrl: uploaded.imageUrl });
    expect(body).toMatchObject({ imageUrl: uploaded.imageUrl, thumbnailUrl: uploaded.thumbnailUrl });
    const thumb = await app.request(body.thumbnailUrl);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    // A /media address of nothing we hold gets no thumbnail.
    expect((await create({ ...image, imageUrl: '/media/00000000-0000-4000-8000-000000000000.png' })).thumbnailUrl).toBeNull();
  });

  it('turns a non-numeric order into 0', async () => {
    expect((await create({ ...image, order: 'abc' })).order).toBe(0);
    expect((await create({ ...image, order: '' })).order).toBe(0);
    expect((await create({ ...image, order: '3' })).order).toBe(3);
  });

  it.each([
    ['title', { title: '' }, 'Title is required'],
    ['title', { title: undefined }, 'Title is required'],
    ['imageUrl', { imageUrl: '' }, 'Image is required'],
    ['imageUrl', { imageUrl: undefined }, 'Image is required'],
    ['imageUrl', { imageUrl: 'javascript:alert(1)' }, 'Please enter a valid image URL'],
    ['order', { order: -1 }, 'Order must be a positive number'],
    ['order', { order: '-5' }, 'Order must be a positive number'],
    ['category', { category: 'kitchen' }, 'Please select a valid category'],
  ])('refuses a bad %s with the spec message', async (field, change, message) => {
    const res = await admin('', { method: 'POST', json: { ...image, ...change } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message, fields: { [field]: message } });
    expect(await titles()).toEqual([]);
  });
});

describe('GET /api/admin/gallery', () => {
  it('lists hidden images too, by order then id, and filters by text and category', async () => {
    await create({ ...image, title: 'Chair', order: 2, category: 'equipment', description: 'New dental chair' });
    await create({ ...image, title: 'Team photo', order: 1, category: 'team', isActive: false });
    await create({ ...image, title: 'X-ray unit', order: 2, category: 'equipment' });
    await create({ ...image, title: 'Smile', order: 0, category: 'before-after', description: 'After whitening' });

    expect(await titles()).toEqual(['Smile', 'Team photo', 'Chair', 'X-ray unit']);
    expect(await titles('?q=CHAIR')).toEqual(['Chair']);
    expect(await titles('?q=whiten')).toEqual(['Smile']);
    expect(await titles('?category=equipment')).toEqual(['Chair', 'X-ray unit']);
    expect(await titles('?category=all')).toHaveLength(4);
    expect(await titles('?category=equipment&q=x-ray')).toEqual(['X-ray unit']);
    expect(await titles('?limit=2&offset=1')).toEqual(['Team photo', 'Chair']);
    expect((await admin('?limit=1&category=equipment')).headers.get('x-total-count')).toBe('2');
    expect((await admin('?offset=-1')).status).toBe(400);
  });
});

describe('PUT /api/admin/gallery/:id', () => {
  it('updates the image and answers it', async () => {
    const { id } = await create(image);
    const res = await update(id, {
      id,
      title: 'Reception desk',
      description: 'Front desk',
      imageUrl: 'https://cdn.example.org/desk.jpg',
      category: 'clinic',
      isActive: false,
      order: 4,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id,
      title: 'Reception desk',
      description: 'Front desk',
      imageUrl: 'https://cdn.example.org/desk.jpg',
      isActive: false,
      order: 4,
    });
  });

  it('keeps fields the body leaves out, and follows a newly uploaded image with its thumbnail', async () => {
    const { id } = await create({ ...image, description: 'Kept', category: 'team', isActive: false, order: 9 });
    const uploaded = await uploadPng();
    const body = await (await update(id, { title: 'Renamed', imageUrl: uploaded.imageUrl })).json();
    expect(body).toMatchObject({
      title: 'Renamed',
      description: 'Kept',
      category: 'team',
      isActive: false,
      order: 9,
      imageUrl: uploaded.imageUrl,
      thumbnailUrl: uploaded.thumbnailUrl,
    });
    // Back to an image by URL: the uploaded image's thumbnail no longer applies.
    expect((await (await update(id, { ...image })).json()).thumbnailUrl).toBeNull();
  });

  it('refuses bad input with the spec messages', async () => {
    const { id } = await create(image);
    for (const [change, message] of [
      [{ title: '' }, 'Title is required'],
      [{ imageUrl: '' }, 'Image is required'],
      [{ order: -3 }, 'Order must be a positive number'],
    ] as const) {
      const res = await update(id, { ...image, ...change });
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(message);
    }
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['424242', 'abc', '-1']) {
      const res = await update(id as unknown as number, image);
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ error: 'Gallery image not found' });
    }
  });
});

describe('DELETE /api/admin/gallery/:id', () => {
  it('deletes the image (204), then answers 404', async () => {
    const { id } = await create(image);
    expect((await admin(`/${id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await titles()).toEqual([]);
    const again = await admin(`/${id}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ error: 'Gallery image not found' });
  });
});

describe('without a session', () => {
  it.each([
    ['GET', ''],
    ['POST', ''],
    ['PUT', '/1'],
    ['DELETE', '/1'],
  ])('%s /api/admin/gallery%s answers 401', async (method, path) => {
    const res = await app.request(`/api/admin/gallery${path}`, { method, json: method === 'POST' || method === 'PUT' ? image : undefined });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Not signed in' });
  });
});
