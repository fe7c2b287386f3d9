import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spec } from '../../../scripts/spec-conformance';
import { ADMIN, startTestApp, type TestApp } from '../support/test-app';
import { SPEC_NOW, bookingPayload, client, insertAppointment, patientPayload } from '../support/spec-api';

// SPEC 5's rules and messages, as the server answers them (D8: 400 { error: <first message>, fields }).
// The invoice form's rules are in spec-5-invoice-form.

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp({ config: { bookingRateLimitPerAddress: 0 } });
  cookie = await app.signIn();
});
afterAll(() => app?.close());
beforeEach(async () => {
  app.clock.set(SPEC_NOW);
  await app.deps.knex('appointments').delete();
});

const admin = () => client(app, cookie);
const book = (change: object) => client(app).post('/api/appointments', { ...bookingPayload, ...change });

/** D8's answer to a refused field: 400, the message as error and as the field's entry. */
function expectRefused(res: { status: number; body: { error: string; fields: Record<string, string> } }, field: string, message: string) {
  expect(res.status).toBe(400);
  expect(res.body.error).toBe(message);
  expect(res.body.fields[field]).toBe(message);
}

describe('SPEC 5 booking form', () => {
  it(spec('SPEC 5', 'firstName at least 2 characters: \'First name must be at least 2 characters\''), async () => {
    expectRefused(await book({ firstName: 'P' }), 'firstName', 'First name must be at least 2 characters');
    expectRefused(await book({ firstName: '' }), 'firstName', 'First name must be at least 2 characters');
    expect((await book({ firstName: 'Al' })).status).toBe(201);
  });

  it(spec('SPEC 5', 'lastName at least 2: \'Last name must be at least 2 characters\''), async () => {
    expectRefused(await book({ lastName: 'K' }), 'lastName', 'Last name must be at least 2 characters');
    expect((await book({ lastName: 'Ku', preferredTime: '11:00' })).status).toBe(201);
  });

  it(spec('SPEC 5', 'email valid: \'Invalid email address\''), async () => {
    expectRefused(await book({ email: 'priya.example.in' }), 'email', 'Invalid email address');
    expectRefused(await book({ email: '' }), 'email', 'Invalid email address');
  });

  it(spec('SPEC 5', 'phone at least 10 characters: \'Phone number must be at least 10 digits\''), async () => {
    expectRefused(await book({ phone: '982201234' }), 'phone', 'Phone number must be at least 10 digits');
    expect((await book({ phone: '9822012345' })).status).toBe(201);
  });

  it(spec('SPEC 5', 'preferredDate required: \'Please select a preferred date\''), async () => {
    expectRefused(await book({ preferredDate: '' }), 'preferredDate', 'Please select a preferred date');
    expectRefused(await book({ preferredDate: undefined }), 'preferredDate', 'Please select a preferred date');
  });

  it(spec('SPEC 5', 'Past dates and dates before 1900 cannot be chosen; today is allowed.', 'D12'), async () => {
    expect((await book({ preferredDate: '2026-11-22' })).status).toBe(400);
    expect((await book({ preferredDate: '1899-12-31' })).status).toBe(400);
    // Today at 10:30 in Pune: a later slot of today is bookable.
    expect((await book({ preferredDate: '2026-11-23', preferredTime: '17:00' })).status).toBe(201);
  });

  it(spec('SPEC 5', 'preferredTime required: \'Please select a preferred time\''), async () => {
    expectRefused(await book({ preferredTime: '' }), 'preferredTime', 'Please select a preferred time');
  });

  it(spec('SPEC 5', 'treatment required: \'Please select a treatment\''), async () => {
    expectRefused(await book({ treatment: '' }), 'treatment', 'Please select a treatment');
  });

  it(spec('SPEC 5', 'notes optional.'), async () => {
    const { notes: _notes, ...withoutNotes } = bookingPayload;
    expect((await client(app).post('/api/appointments', withoutNotes)).status).toBe(201);
    expect((await book({ notes: '', preferredTime: '11:00' })).status).toBe(201);
  });
});

describe('SPEC 5 login', () => {
  it(spec('SPEC 5', 'Login: email valid (\'Invalid email address\')'), async () => {
    const res = await client(app).post('/api/auth/login', { email: 'admin', password: ADMIN.password });
    expectRefused(res, 'email', 'Invalid email address');
  });

  it(spec('SPEC 5', 'password at least 6 characters (\'Password must be at least 6 characters\')'), async () => {
    const res = await client(app).post('/api/auth/login', { email: ADMIN.email, password: '12345' });
    expectRefused(res, 'password', 'Password must be at least 6 characters');
  });
});

describe('SPEC 5 patient form', () => {
  it(spec('SPEC 5', 'Patient form: firstName and lastName at least 2, email valid, phone at least 10, same messages as the booking form', 'D43'), async () => {
    expectRefused(await admin().post('/api/admin/patients', { ...patientPayload, firstName: 'A' }), 'firstName', 'First name must be at least 2 characters');
    expectRefused(await admin().post('/api/admin/patients', { ...patientPayload, lastName: 'D' }), 'lastName', 'Last name must be at least 2 characters');
    expectRefused(await admin().post('/api/admin/patients', { ...patientPayload, email: 'asha@' }), 'email', 'Invalid email address');
    expectRefused(await admin().post('/api/admin/patients', { ...patientPayload, phone: '98220' }), 'phone', 'Phone number must be at least 10 digits');
    // D43: staff may leave the email out; one given follows the rule above.
    const noEmail = await admin().post('/api/admin/patients', { ...patientPayload, email: '', phone: '9822077777' });
    expect(noEmail.status).toBe(201);
    expect(noEmail.body.email).toBeNull();
  });

  it(spec('SPEC 5', 'address and dateOfBirth optional'), async () => {
    const res = await admin().post('/api/admin/patients', { ...patientPayload, phone: '9822066666', address: '', dateOfBirth: '' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ address: null, dateOfBirth: null });
  });
});

describe('SPEC 5 follow-up form', () => {
  it(spec('SPEC 5', 'followUpDate required ("Please select a follow-up appointment date.")'), async () => {
    const id = await insertAppointment(app, { status: 'completed', preferredDate: '2026-11-20' });
    expectRefused(await admin().post(`/api/admin/appointments/${id}/follow-up`, { customMessage: 'x' }), 'followUpDate', 'Please select a follow-up appointment date.');
    expectRefused(await admin().post(`/api/admin/appointments/${id}/follow-up`, { followUpDate: '', customMessage: 'x' }), 'followUpDate', 'Please select a follow-up appointment date.');
  });

  it(spec('SPEC 5', 'later than now ("Follow-up date must be in the future.")'), async () => {
    const id = await insertAppointment(app, { status: 'completed', preferredDate: '2026-11-20' });
    expectRefused(
      await admin().post(`/api/admin/appointments/${id}/follow-up`, { followUpDate: '2026-11-23T04:00:00.000Z', customMessage: '' }),
      'followUpDate',
      'Follow-up date must be in the future.',
    );
  });

  it(spec('SPEC 5', 'customMessage optional.'), async () => {
    const id = await insertAppointment(app, { status: 'completed', preferredDate: '2026-11-20' });
    expect((await admin().post(`/api/admin/appointments/${id}/follow-up`, { followUpDate: '2026-12-01T05:00:00.000Z' })).status).toBe(200);
  });
});

describe('SPEC 5 blog form', () => {
  const post = { title: 'Title', excerpt: 'Excerpt', content: '<p>Content</p>', isPublished: false };
  it(spec('SPEC 5', 'title, excerpt, content required ("Title is required", "Excerpt is required", "Content is required")'), async () => {
    expectRefused(await admin().post('/api/admin/blog-posts', { ...post, title: '' }), 'title', 'Title is required');
    expectRefused(await admin().post('/api/admin/blog-posts', { ...post, excerpt: '  ' }), 'excerpt', 'Excerpt is required');
    expectRefused(await admin().post('/api/admin/blog-posts', { ...post, content: undefined }), 'content', 'Content is required');
    const created = await admin().post('/api/admin/blog-posts', post);
    expectRefused(await admin().put(`/api/admin/blog-posts/${created.body.id}`, { ...post, title: '' }), 'title', 'Title is required');
  });

  it(spec('SPEC 5', 'isPublished boolean.'), async () => {
    const res = await admin().post('/api/admin/blog-posts', { ...post, title: 'Boolean', isPublished: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('isPublished');
  });
});

describe('SPEC 5 gallery form', () => {
  const image = { title: 'Chair', description: '', imageUrl: '/images/chair.jpg', category: 'equipment', isActive: true, order: 1 };
  it(spec('SPEC 5', 'Gallery form: title required ("Title is required")'), async () => {
    expectRefused(await admin().post('/api/admin/gallery', { ...image, title: '' }), 'title', 'Title is required');
  });

  it(spec('SPEC 5', 'imageUrl required ("Image is required")'), async () => {
    expectRefused(await admin().post('/api/admin/gallery', { ...image, imageUrl: '' }), 'imageUrl', 'Image is required');
    expectRefused(await admin().post('/api/admin/gallery', { ...image, imageUrl: undefined }), 'imageUrl', 'Image is required');
  });

  it(spec('SPEC 5', 'description optional … category optional'), async () => {
    const res = await admin().post('/api/admin/gallery', { title: 'Bare', imageUrl: '/images/bare.jpg', description: '' });
    expect(res.status).toBe(201);
    expect(res.body.description).toBeNull();
  });

  it(spec('SPEC 5', 'order integer >= 0 ("Order must be a positive number")'), async () => {
    expectRefused(await admin().post('/api/admin/gallery', { ...image, order: -1 }), 'order', 'Order must be a positive number');
    expect((await admin().post('/api/admin/gallery', { ...image, order: 0 })).status).toBe(201);
  });

  it(spec('SPEC 5', 'non-numeric becomes 0'), async () => {
    const res = await admin().post('/api/admin/gallery', { ...image, order: 'first' });
    expect(res.status).toBe(201);
    expect(res.body.order).toBe(0);
  });
});

describe('SPEC 5 image upload', () => {
  const upload = (bytes: Buffer, type: string, name: string) => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(bytes)], { type }), name);
    return app.request('/api/admin/upload', { method: 'POST', body: form, cookie });
  };

  it(spec('SPEC 5', 'file type must start with image/ (else "Invalid file type" / "Please select an image file")', 'D18'), async () => {
    const res = await upload(Buffer.from('%PDF-1.4 not a picture'), 'application/pdf', 'letter.pdf');
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ success: false, imageUrl: null, error: 'Please select an image file' });
  });

  it(spec('SPEC 5', 'size at most 5 MB (else "File too large" / "Please select an image smaller than 5MB")', 'D18'), async () => {
    const big = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(5 * 1024 * 1024, 1)]);
    const res = await upload(big, 'image/png', 'huge.png');
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, imageUrl: null, error: 'Please select an image smaller than 5MB' });
  });
});

describe('SPEC 5 searches', () => {
  it(spec('SPEC 5', 'Searches are case-insensitive substring matches (phone is a plain substring).', 'D10'), async () => {
    await app.deps.knex('patients').delete();
    await admin().post('/api/admin/patients', { ...patientPayload, firstName: 'Meera', lastName: 'Joshi', email: 'meera@example.in', phone: '9811122233' });
    await admin().post('/api/admin/patients', { ...patientPayload, firstName: 'Rahul', lastName: 'Pawar', email: 'rahul@example.in', phone: '9744455566' });
    const patients = async (q: string) =>
      (await admin().get(`/api/admin/patients?q=${encodeURIComponent(q)}`)).body.map((p: { firstName: string }) => p.firstName);
    expect(await patients('EER')).toEqual(['Meera']);
    expect(await patients('pawar')).toEqual(['Rahul']);
    expect(await patients('RAHUL@EXAMPLE')).toEqual(['Rahul']);
    expect(await patients('11122')).toEqual(['Meera']);

    await insertAppointment(app, { firstName: 'Sneha', email: 'sneha@mail.in', phone: '9000012345', treatment: 'whitening' });
    await insertAppointment(app, { firstName: 'Kiran', preferredTime: '11:00' });
    const appointments = async (q: string) =>
      (await admin().get(`/api/admin/appointments?q=${encodeURIComponent(q)}`)).body.map((a: { firstName: string }) => a.firstName);
    expect(await appointments('SNEH')).toEqual(['Sneha']);
    expect(await appointments('00123')).toEqual(['Sneha']);
    expect(await appointments('Whiten')).toEqual(['Sneha']);

    await admin().post('/api/admin/blog-posts', { title: 'Flossing Basics', excerpt: 'Between teeth', content: '<p>x</p>' });
    const posts = async (q: string) => (await admin().get(`/api/admin/blog-posts?q=${encodeURIComponent(q)}`)).body.map((p: { title: string }) => p.title);
    expect(await posts('flossing b')).toEqual(['Flossing Basics']);
    expect(await posts('BETWEEN')).toEqual(['Flossing Basics']);

    await admin().post('/api/admin/gallery', { title: 'Dental Chair', description: 'Ergonomic seat', imageUrl: '/images/c.jpg' });
    const images = async (q: string) => (await admin().get(`/api/admin/gallery?q=${encodeURIComponent(q)}`)).body.map((g: { title: string }) => g.title);
    expect(await images('al ch')).toEqual(['Dental Chair']);
    expect(await images('ERGONOMIC')).toEqual(['Dental Chair']);
  });
});
