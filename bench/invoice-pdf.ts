import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { renderInvoicePdf } from '../api/services/billing/invoice-pdf';
import { clinic } from '../shared/constants/clinic';
import { computeInvoiceTotals } from '../shared/domain/invoice-totals';
import { buildInvoiceDocument, type InvoiceSource } from '../shared/invoice/document';

// `npx tsx bench/invoice-pdf.ts`: how long the server takes to draw an invoice PDF (INV-18, target: tens of
// milliseconds, no browser; target: <= 30 ms median for 5 items with the QR). Times buildInvoiceDocument +
// renderInvoicePdf, one render at a time, after a warm-up, for a typical invoice (5 items, exempt dental care
// and cosmetic work at 18% on one Invoice-cum-Bill of Supply, part-paid, so it carries the balance and the
// UPI QR code, plus notes) and the largest one (100 items), each in English and with the patient, items and
// notes in Devanagari (Marathi). The QR code is encoded afresh in every render (buildInvoiceDocument). Reports the median of
// BENCH_RENDERS renders (default 50) with p95, min and max, and the process's CPU time per render (median),
// which a busy machine disturbs less than the wall clock. The first line is the process's first render,
// which also decodes the font's shaping tables.

const RENDERS = Number(process.env.BENCH_RENDERS ?? 50);
const WARM_UP = 10;

function invoice(itemCount: number, marathi = false): InvoiceSource {
  const items = Array.from({ length: itemCount }, (_, i) => ({
    description: marathi
      ? i % 3 === 0
        ? `रूट कॅनाल उपचार, दाढ ${i + 1}, उपचारानंतरच्या तपासणीसह`
        : `सल्लामसलत ${i + 1}`
      : i % 3 === 0
        ? `Root canal treatment, molar ${i + 1}, with post-operative review visit`
        : `Consultation ${i + 1}`,
    sacCode: i % 2 ? '999312' : '999722',
    taxRate: i % 2 ? 0 : 18,
    quantity: 1 + (i % 3),
    unitPrice: 1250.5 + i * 100,
  }));
  const totals = computeInvoiceTotals(items, 18);
  return {
    invoiceNumber: 'INV/2026-27/0042',
    issueDate: '2026-11-23',
    dueDate: '2026-12-07',
    status: 'pending',
    supplierGstin: '27AAPFU0939F1ZV',
    gstRegistered: true,
    amountPaid: 1000,
    upiId: 'smilecare.clinic@okicici',
    subtotal: totals.subtotal,
    taxPercentage: 18,
    taxAmount: totals.taxAmount,
    totalAmount: totals.totalAmount,
    notes: marathi
      ? 'दोन आठवड्यांनी पुन्हा तपासणी. उपचार केलेल्या बाजूने कडक पदार्थ खाऊ नका.'
      : 'Review after two weeks. Avoid hard foods on the treated side.',
    billTo: marathi
      ? { name: 'प्रिया कुलकर्णी', email: 'priya@example.in', phone: '+91 98220 12345', address: 'फ्लॅट ३, मोशी, पुणे 412105' }
      : { name: 'Priya Kulkarni', email: 'priya@example.in', phone: '+91 98220 12345', address: 'Flat 3, Moshi, Pune 412105' },
    items: totals.items,
  };
}

async function measure(label: string, source: InvoiceSource): Promise<void> {
  const identity = clinic;
  let pdf: Buffer = Buffer.alloc(0);
  for (let i = 0; i < WARM_UP; i++) pdf = await renderInvoicePdf(buildInvoiceDocument(source, identity));
  const pages = pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RENDERS; i++) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    await renderInvoicePdf(buildInvoiceDocument(source, identity));
    const used = process.cpuUsage(startCpu);
    times.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    `${label.padEnd(22)} median ${ms(at(0.5))}  p95 ${ms(at(0.95))}  min ${ms(times[0])}  max ${ms(times[times.length - 1])}  CPU ${ms(cpu[cpu.length >> 1])}  (${RENDERS} renders; ${pages} page(s), ${(pdf.length / 1024).toFixed(1)} KiB)`,
  );
}

console.log(`Invoice PDF render time, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min)`);
const first = performance.now();
await renderInvoicePdf(buildInvoiceDocument(invoice(5, true), clinic));
console.log(`first render           ${(performance.now() - first).toFixed(1)} ms (5 items, Devanagari)`);
await measure('5 items', invoice(5));
await measure('100 items', invoice(100));
await measure('5 items, Devanagari', invoice(5, true));
await measure('100 items, Devanagari', invoice(100, true));
console.log(`load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}`);
