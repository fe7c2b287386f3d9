import type { Knex } from 'knex';
import { bookingTreatmentCodes, timeSlots } from '../../../shared/constants/booking';
import { clinic } from '../../../shared/constants/clinic';
import { clinicToday, financialYearOf, isSunday } from '../../../shared/domain/clinic-time';
import { computeInvoiceTotals } from '../../../shared/domain/invoice-totals';
import { decimalString } from '../../../shared/domain/money';
import { formatInvoiceNumber } from '../../../shared/domain/invoice-number';
import { slugify } from '../../../shared/domain/slug';
import { normalisePhone } from '../../../shared/domain/phone';
import { linkOrCreatePatient } from '../../services/patients/patient-link';
import { demoPosts } from './demo-posts';
import { up as writeMissingCreateRows } from '../migrations/115-booking-create-rows';

// OPS-6: what a first start shows, so every screen has something real to display. Deterministic (no
// randomness): dates are counted from `now` in Asia/Kolkata, everything else from indexes.

/** SET-5: a made-up registration (a valid GSTIN by its check character; no such PAN) and UPI ID. */
export const DEMO_GSTIN = '27AAAAA0000A1Z2';
export const DEMO_UPI_ID = 'demo.smilecare@example';

/** The demo invoices' states, by index (issue dates count back from today by index). */
export const DEMO_INVOICE_STATES = [
  'paid',
  'paid',
  'paid',
  'paid',
  'pending',
  'partially-paid',
  'cancelled',
  'pending',
  'overdue',
  'overdue',
] as const;

export const DEMO_COUNTS = {
  publishedPosts: 4,
  draftPosts: 2,
  activeImages: 10,
  hiddenImages: 2,
  /** Patients on file (entered by staff). */
  patients: 24,
  appointments: 30,
  /** BOOK-17: half the appointments are visitors' online bookings, each a person of their own, so each made a patient. */
  visitorPatients: 15,
  invoices: 10,
} as const;

/** The gallery's images (made here, SITE-26): files under site/public/images/gallery/. */
export const DEMO_GALLERY = [
  { slug: 'reception', title: 'Welcoming reception', category: 'clinic', description: 'Our front desk, where every visit begins with a smile.' },
  { slug: 'treatment-room', title: 'Treatment room', category: 'clinic', description: 'Bright, calm and spotless: a room designed for comfort.' },
  { slug: 'waiting-area', title: 'Family waiting area', category: 'clinic', description: 'A relaxed corner with books for the little ones.' },
  { slug: 'dental-chair', title: 'Ergonomic dental chair', category: 'equipment', description: 'Adjustable, cushioned and gentle on the back.' },
  { slug: 'digital-xray', title: 'Digital X-ray', category: 'equipment', description: 'Low-radiation imaging with instant results.' },
  { slug: 'sterilisation', title: 'Sterilisation unit', category: 'equipment', description: 'Autoclave sterilisation for every instrument, every time.' },
  { slug: 'doctor', title: 'Meet our dentist', category: 'team', description: 'Gentle care from an experienced family dentist.' },
  { slug: 'care-team', title: 'Our care team', category: 'team', description: 'Friendly assistants who make visits easy.' },
  { slug: 'whitening', title: 'Teeth whitening session', category: 'treatments', description: 'Professional whitening for a brighter smile.' },
  { slug: 'aligners', title: 'Clear aligners', category: 'treatments', description: 'Nearly invisible aligners for straighter teeth.' },
  { slug: 'before-after-whitening', title: 'Whitening: before and after', category: 'before-after', description: 'Two shades brighter in a single visit.' },
  { slug: 'before-after-alignment', title: 'Alignment: before and after', category: 'before-after', description: 'Straighter teeth after a course of aligners.' },
] as const;

/** The gallery's display order differs from insertion order on purpose, and two images are hidden. */
const galleryOrder = [0, 1, 2, 4, 3, 5, 6, 7, 9, 8, 10, 11];
const hiddenGallery = new Set(['sterilisation', 'care-team']);

const firstNames = ['Aarav', 'Ananya', 'Vihaan', 'Saanvi', 'Aditya', 'Ishita', 'Rohan', 'Kavya', 'Arjun', 'Meera', 'Siddharth', 'Pooja', 'Omkar', 'Sneha', 'Pranav', 'Neha', 'Yash', 'Rutuja', 'Farhan', 'Priya', 'Tejas', 'Gauri', 'Kabir', 'Sakshi'];
const lastNames = ['Patil', 'Kulkarni', 'Deshmukh', 'Joshi', 'Shinde', 'Pawar', 'Jadhav', 'Gaikwad', 'Sharma', 'Khan', 'Bhosale', 'Chavan', 'More', 'Kale', 'Iyer', 'Nair', 'Mehta', 'Wagh', 'Shaikh', 'Gupta', 'Salunkhe', 'Mane', 'Rao', 'Thakur'];
const appointmentNotes = ['Sensitivity in the lower left molar', 'First visit for my 6-year-old', 'Prefers evening appointments', 'Follow-up after cleaning'];
const areas = ['Moshi', 'Chikhali', 'Bhosari', 'Pimpri', 'Akurdi', 'Nigdi', 'Wakad'];

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function daysAgo(now: Date, days: number, hour = 11): Date {
  const d = new Date(now.getTime() - days * 86_400_000);
  d.setUTCHours(hour - 5, 30, 0, 0); // hour:00 in Kolkata
  return d;
}

export async function seedDemoContent(knex: Knex, now: Date): Promise<void> {
  const today = clinicToday(now);
  await knex.transaction(async (trx) => {
    // Blog: four published (newest first by publishedAt), two drafts.
    for (const [i, post] of demoPosts.entries()) {
      const published = i < DEMO_COUNTS.publishedPosts;
      const when = daysAgo(now, 5 + i * 14);
      await trx('blog_posts').insert({
        title: post.title,
        slug: slugify(post.title),
        excerpt: post.excerpt,
        content: post.content,
        author: clinic.doctorName,
        imageUrl: post.image ? `/images/blog/${post.image}.webp` : null,
        isPublished: published,
        publishedAt: published ? when : null,
        createdAt: when,
        updatedAt: when,
      });
    }

    for (const [i, g] of DEMO_GALLERY.entries()) {
      await trx('gallery_images').insert({
        title: g.title,
        description: g.description,
        imageUrl: `/images/gallery/${g.slug}.webp`,
        thumbnailUrl: `/images/gallery/${g.slug}-thumb.webp`,
        category: g.category,
        isActive: !hiddenGallery.has(g.slug),
        sortOrder: galleryOrder[i],
      });
    }

    const patients: { id: number; firstName: string; lastName: string; email: string; phone: string; address: string | null }[] = [];
    for (let i = 0; i < DEMO_COUNTS.patients; i++) {
      const firstName = firstNames[i];
      const lastName = lastNames[i];
      const address = i % 3 === 2 ? null : `${10 + i}, ${['Lane', 'Society', 'Nagar'][i % 3]} ${i + 1}, ${areas[i % areas.length]}, Pune`;
      const [row] = await trx('patients')
        .insert({
          firstName,
          lastName,
          email: `${firstName}.${lastName}`.toLowerCase() + (i % 2 ? '@example.in' : '@example.com'),
          phone: normalisePhone(`+91 98220 ${String(10000 + i * 373).slice(0, 5)}`),
          address,
          dateOfBirth: i % 4 === 3 ? null : `${1960 + ((i * 7) % 55)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
          createdAt: daysAgo(now, 200 - i * 8),
        })
        .returning(['id', 'firstName', 'lastName', 'email', 'phone', 'address']);
      patients.push(row);
    }

    // Appointments from 30 days ago to 21 days ahead, never on a Sunday, at most one a slot:
    // 13 in the past (30 to 6 days ago), 3 today for the dashboard, 14 ahead (1 to 20 days). A Sunday
    // moves to the Monday, so past ones stay past, future ones stay within 21 days, and on a Sunday
    // (clinic closed) today has none.
    const slotsTaken = new Set<string>();
    for (let i = 0; i < DEMO_COUNTS.appointments; i++) {
      const offset = i < 13 ? -30 + Math.floor((i * 26) / 13) : i < 16 ? 0 : 1 + Math.floor(((i - 16) * 19) / 13);
      let date = addDays(today, offset);
      while (isSunday(date)) date = addDays(date, 1);
      let slot = timeSlots[(i * 3) % timeSlots.length];
      for (let k = 0; slotsTaken.has(`${date} ${slot}`); k++) slot = timeSlots[(i * 3 + k + 1) % timeSlots.length];
      slotsTaken.add(`${date} ${slot}`);

      const past = date < today;
      const status = past ? (i % 5 === 0 ? 'cancelled' : 'completed') : i % 2 ? 'confirmed' : 'pending';
      const patient = i % 2 === 0 ? patients[i % patients.length] : null;
      const visitor = { firstName: firstNames[(i + 7) % 24], lastName: lastNames[(i + 11) % 24] };
      const person = patient ?? {
        ...visitor,
        email: `${visitor.firstName}.${visitor.lastName}${i}@example.in`.toLowerCase(),
        phone: normalisePhone(`+91 97300 ${String(20000 + i * 419).slice(0, 5)}`),
      };
      // Created a few days before the visit; the newest are varied for the dashboard.
      const createdAt = new Date(Math.min(now.getTime() - (DEMO_COUNTS.appointments - i) * 3_600_000, new Date(`${date}T03:00:00Z`).getTime() - 2 * 86_400_000));
      // BOOK-17: a visitor's booking belongs to the patient it makes, as a booking on the site does.
      const patientId = patient?.id ?? (await linkOrCreatePatient(trx, person, createdAt));
      await trx('appointments').insert({
        patientId,
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        phone: person.phone,
        treatment: bookingTreatmentCodes[(i * 7) % bookingTreatmentCodes.length],
        preferredDate: date,
        preferredTime: slot,
        notes: i % 4 === 1 ? appointmentNotes[(i >> 2) % appointmentNotes.length] : null,
        status,
        confirmedAt: status === 'confirmed' || status === 'completed' ? daysAgo(now, 1) : null,
        completedAt: status === 'completed' ? new Date(`${date}T12:00:00Z`) : null,
        cancelledAt: status === 'cancelled' ? new Date(`${date}T06:00:00Z`) : null,
        createdAt,
      });
    }
    // ADMIN-25: each booking has its create row in the trail, as a real booking writes it.
    await writeMissingCreateRows(trx);

    // Billing (SET-5, INV-22): the demo clinic is GST-registered with a made-up GSTIN and takes UPI at a made-up ID,
    // so invoices show every document kind and the QR code (the admin form posts 18% figures).
    await trx('site_settings').insert([
      { key: 'gstin', value: DEMO_GSTIN, updatedAt: now },
      { key: 'upi_id', value: DEMO_UPI_ID, updatedAt: now },
    ]);
    // Invoices: exact totals, every status and kind, issued within the last 90 days and numbered in
    // issue-date order, consecutively from 0001 within each financial year (two years when `now` is early
    // April). Dental care is exempt (SAC 999312, 0%), cosmetic work taxed (SAC 999722, 18%).
    const catalogue = [
      { description: 'Consultation and examination', sacCode: '999312', taxRate: 0, unitPrice: 500 },
      { description: 'Scaling and polishing', sacCode: '999312', taxRate: 0, unitPrice: 1800 },
      { description: 'Composite filling', sacCode: '999312', taxRate: 0, unitPrice: 2200 },
      { description: 'Root canal treatment (molar)', sacCode: '999312', taxRate: 0, unitPrice: 8500 },
      { description: 'Digital X-ray (IOPA)', sacCode: '999312', taxRate: 0, unitPrice: 600 },
      { description: 'Teeth whitening (in-clinic)', sacCode: '999722', taxRate: 18, unitPrice: 12000 },
      { description: 'Porcelain veneer (per tooth)', sacCode: '999722', taxRate: 18, unitPrice: 9500 },
    ];
    const sequences = new Map<string, number>();
    const modes = ['cash', 'upi', 'card', 'upi'] as const;
    const issueOrder = DEMO_INVOICE_STATES.map((status, i) => ({ i, issueDate: addDays(today, -(i * 8 + (status === 'overdue' ? 6 : 1))) })).sort(
      (a, b) => (a.issueDate < b.issueDate ? -1 : a.issueDate > b.issueDate ? 1 : a.i - b.i),
    );
    for (const { i, issueDate } of issueOrder) {
      const patient = patients[(i * 5) % patients.length];
      const state = DEMO_INVOICE_STATES[i];
      // 3: cosmetic only (Tax Invoice); 7: cosmetic with a consultation (Invoice-cum-Bill of Supply); the
      // rest dental care only (Bill of Supply).
      const picks =
        i === 3 ? [catalogue[5]] : i === 7 ? [catalogue[6], catalogue[0]] : [catalogue[0], catalogue[1 + (i % 4)], catalogue[4]].slice(0, 1 + (i % 3));
      const lines = picks.map((p, k) => ({ ...p, quantity: k === 1 && i !== 7 ? 1 + (i % 2) : 1 }));
      const taxPercentage = lines.some((l) => l.taxRate > 0) ? 18 : 0;
      const totals = computeInvoiceTotals(lines, taxPercentage, { registered: true });
      const fy = financialYearOf(issueDate);
      const seq = (sequences.get(fy) ?? 0) + 1;
      sequences.set(fy, seq);
      const paidOn = state === 'paid' ? (i < 2 ? today : addDays(issueDate, 3)) : null;
      const dueDate = state === 'overdue' ? addDays(issueDate, 15) : state === 'paid' || state === 'cancelled' ? null : addDays(today, 7 + i);
      // Part of the balance, in whole hundreds of rupees.
      const partPaise = Math.floor(totals.paise.totalAmount / 2 / 10_000) * 10_000;
      const amountPaid = state === 'paid' ? totals.paise.totalAmount : state === 'partially-paid' ? partPaise : 0;
      const [invoice] = await trx('invoices')
        .insert({
          invoiceNumber: formatInvoiceNumber(fy, seq),
          financialYear: fy,
          sequence: seq,
          patientId: patient.id,
          billTo: JSON.stringify({
            name: `${patient.firstName} ${patient.lastName}`,
            email: patient.email,
            phone: patient.phone,
            address: patient.address,
          }),
          issueDate,
          dueDate,
          subtotal: decimalString(totals.paise.subtotal),
          taxPercentage: taxPercentage.toFixed(2),
          taxAmount: decimalString(totals.paise.taxAmount),
          totalAmount: decimalString(totals.paise.totalAmount),
          kind: totals.kind,
          gstRegistered: true,
          supplierGstin: DEMO_GSTIN,
          amountPaid: decimalString(amountPaid),
          status: state === 'paid' ? 'paid' : state === 'cancelled' ? 'cancelled' : 'pending',
          paidOn,
          cancelledAt: state === 'cancelled' ? new Date(`${issueDate}T12:30:00+05:30`) : null,
          notes: i % 3 === 0 ? 'Thank you for visiting. Please keep this invoice for your records.' : null,
          createdAt: new Date(`${issueDate}T06:00:00Z`),
        })
        .returning('id');
      await trx('invoice_items').insert(
        totals.items.map((item, position) => ({
          invoiceId: invoice.id,
          position: position + 1,
          description: item.description,
          sacCode: item.sacCode,
          quantity: item.quantity,
          unitPrice: item.unitPrice.toFixed(2),
          totalPrice: decimalString(totals.paise.items[position]),
          taxRate: item.taxRate.toFixed(2),
        })),
      );
      if (amountPaid > 0) {
        await trx('invoice_payments').insert({
          invoiceId: invoice.id,
          amount: decimalString(amountPaid),
          paidOn: paidOn ?? addDays(issueDate, 2),
          mode: modes[i % modes.length],
          reference: modes[i % modes.length] === 'upi' ? `UPI ref ${String(400_000_000_000 + i * 7919)}` : null,
          createdAt: new Date(`${paidOn ?? addDays(issueDate, 2)}T07:00:00Z`),
        });
      }
    }
    for (const [financialYear, lastSequence] of sequences) {
      await trx('invoice_counters').insert({ financialYear, lastSequence });
    }
  });
}
