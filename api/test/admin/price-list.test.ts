import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultationPriceItem, priceListFromCatalogue } from '../../../shared/constants/price-list';
import { catalogueChartCodes } from '../../../shared/clinical/vocabulary';
import { startTestApp, type TestApp } from '../support/test-app';

// The price list: seeded from the treatment catalogue by migration 008, edited by the owner.

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp();
  cookie = await app.signIn();
});
afterAll(() => app?.close());

const api = (path: string, init: Parameters<TestApp['request']>[1] = {}) => app.request(`/api/admin/price-list${path}`, { cookie, ...init });

describe('the price list', () => {
  it('starts with the catalogue: lower-bound prices, cosmetic work at 18% (999722), dental care exempt (999312)', async () => {
    const res = await api('');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const list = await res.json();
    const catalogue = priceListFromCatalogue();
    expect(list).toEqual([
      // INV-36: the consultation, exempt, first (migration 041).
      ...[consultationPriceItem, ...catalogue].map((p) => ({
        id: expect.any(Number),
        name: p.name,
        defaultPrice: p.defaultPrice,
        sacCode: p.sacCode,
        taxRate: p.taxRate,
        isActive: true,
        order: p.order,
        // CHART-7: the catalogue's treatments carry their chart codes.
        // CHART-28: migration 095 adds `comp` to the fillings' names.
        chart: catalogueChartCodes[p.name]
          ? expect.objectContaining({ code: catalogueChartCodes[p.name].code, names: [...catalogueChartCodes[p.name].names, ...(p.name === 'Dental Fillings' ? ['comp'] : [])] })
          : null,
        onCharts: false,
      })),
      // CHART-7: the chart's bridge, priced as the catalogue's bridges and implants.
      {
        id: expect.any(Number),
        name: 'Dental Bridge',
        defaultPrice: 25000,
        sacCode: '999312',
        taxRate: 0,
        isActive: true,
        order: catalogue.at(-1)!.order + 10,
        chart: { code: 'bridge', names: ['bridge', 'fpd'], draw: 'bridge', takesSurfaces: false, spansTeeth: true, multiSitting: true },
        onCharts: false,
      },
      // CHART-28: migration 095's treatments, exempt dental care, after the rows there were.
      ...[
        ['Pulpotomy', 2500, { code: 'pulpotomy', names: ['pulpotomy'], draw: 'root', takesSurfaces: false, spansTeeth: false, multiSitting: false }],
        ['Post and Core', 3000, { code: 'post-core', names: ['post and core', 'post & core', 'post core'], draw: 'root', takesSurfaces: false, spansTeeth: false, multiSitting: false }],
        ['Inlay', 6000, { code: 'inlay', names: ['inlay'], draw: 'surface', takesSurfaces: true, spansTeeth: false, multiSitting: true }],
        ['Onlay', 7000, { code: 'onlay', names: ['onlay'], draw: 'surface', takesSurfaces: true, spansTeeth: false, multiSitting: true }],
      ].map(([name, defaultPrice, chart], i) => ({
        id: expect.any(Number),
        name,
        defaultPrice,
        sacCode: '999312',
        taxRate: 0,
        isActive: true,
        order: catalogue.at(-1)!.order + 20 + i * 10,
        chart,
        onCharts: false,
      })),
    ]);
    expect(list.find((p: { name: string }) => p.name === 'Teeth Whitening')).toMatchObject({ defaultPrice: 8000, sacCode: '999722', taxRate: 18 });
  });

  it('adds, edits, hides and deletes an item', async () => {
    const created = await api('', { method: 'POST', json: { name: ' Review visit ', defaultPrice: '500', sacCode: '999312', order: 5 } });
    expect(created.status).toBe(201);
    const item = await created.json();
    expect(item).toEqual({ id: expect.any(Number), name: 'Review visit', defaultPrice: 500, sacCode: '999312', taxRate: 0, isActive: true, order: 5, chart: null, onCharts: false });
    // After the consultation (order 0, INV-36), before the catalogue (order 10 on).
    expect((await (await api('')).json())[1]).toEqual(item);

    const edited = await api(`/${item.id}`, { method: 'PUT', json: { name: 'Review visit and examination', defaultPrice: 600.555, isActive: false } });
    expect(edited.status).toBe(200);
    // Fields left out keep their values; the price is rounded to the paisa.
    expect(await edited.json()).toEqual({ ...item, name: 'Review visit and examination', defaultPrice: 600.56, isActive: false });
    const active = await (await api('?active=true')).json();
    expect(active.some((p: { id: number }) => p.id === item.id)).toBe(false);
    expect((await (await api('?active=false')).json()).map((p: { id: number }) => p.id)).toEqual([item.id]);
    expect((await (await api('?q=EXAMIN')).json()).map((p: { id: number }) => p.id)).toEqual([item.id]);

    expect((await api(`/${item.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/${item.id}`, { method: 'DELETE' })).status).toBe(404);
    expect(await (await api(`/${item.id}`, { method: 'PUT', json: { name: 'X', defaultPrice: 1 } })).json()).toEqual({ error: 'Price list item not found' });
  });

  it.each([
    [{ name: '' }, 'name', 'Name is required'],
    [{ defaultPrice: -1 }, 'defaultPrice', 'Price must be positive'],
    [{ taxRate: 10 }, 'taxRate', 'GST rate must be 0, 5, 12, 18 or 28%'],
    [{ sacCode: 'abc' }, 'sacCode', 'Please select a valid SAC code'],
    [{ order: -2 }, 'order', 'Order must be a positive number'],
  ])('refuses %o with 400', async (change, field, message) => {
    const res = await api('', { method: 'POST', json: { name: 'Night guard', defaultPrice: 3000, ...change } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: message, fields: { [field]: message } });
  });

  it('refuses a second item of the same name (any case) with 409', async () => {
    const res = await api('', { method: 'POST', json: { name: 'root canal treatment', defaultPrice: 1 } });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'A price list item with this name already exists' });
    const first = (await (await api('')).json())[0];
    const rename = await api(`/${first.id}`, { method: 'PUT', json: { name: 'Teeth Whitening', defaultPrice: 1 } });
    expect(rename.status).toBe(409);
  });

  it('answers 400 for a bad ?active=', async () => {
    const res = await api('?active=maybe');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'active must be true or false' });
  });
});
