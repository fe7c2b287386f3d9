import { createHash, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { FileStorage } from '../storage/types';

// Issued documents (VER-1..VER-6, docs/security.md "Issued documents"): a signed PDF the clinic gives a
// patient (an accepted treatment estimate; consent forms next) carries the SHA-256 that identifies it and
// a verify address, and is registered in `issued_documents` and kept in the storage, never changed.
//
// VER-1, what is hashed. A hash printed inside a PDF cannot be the hash of that same PDF, so the document
// is drawn with a placeholder where the hash goes: 64 zeros in the built-in Courier, in uncompressed
// content streams, where each character is written as its two hex digits (`<3030...30>`). The hash is the
// SHA-256 of those bytes, the PDF with the placeholder; then each placeholder is overwritten, byte for byte
// and at the same length, with the hash's own characters. So anyone holding the file gets the hash back:
// put 64 zeros back where the printed hash is (`documentHash`) and take the SHA-256. A file changed in any
// other byte gives another hash, which /verify does not know.

export const HASH_PLACEHOLDER = '0'.repeat(64);

/**
 * VER-7: the address an issued document prints and the admin links to: the public page (PUBLIC_URL, the
 * address patients use, as every personal link) with the document's code, which shows the verification
 * result to a person (GET /verify?code=, VER-6).
 */
export function verifyAddress(publicUrl: string, code: string): string {
  return `${publicUrl}/verify?code=${code}`;
}
const hexOf = (text: string) => Buffer.from(text, 'latin1').toString('hex');
const PLACEHOLDER_BYTES = Buffer.from(hexOf(HASH_PLACEHOLDER), 'latin1');
// A hash as drawn: 64 characters 0-9 a-f, each as its hex pair (30-39, 61-66).
const STAMPED = /(?<=<|2f)((?:3[0-9]|6[1-6]){64})(?=>)/g;

function replaceAll(bytes: Buffer, from: Buffer, to: Buffer): { bytes: Buffer; count: number } {
  const out = Buffer.from(bytes);
  let count = 0;
  for (let at = out.indexOf(from); at >= 0; at = out.indexOf(from, at + from.length)) {
    to.copy(out, at);
    count += 1;
  }
  return { bytes: out, count };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** VER-1: stamps the hash of a PDF drawn with HASH_PLACEHOLDER where its hash goes. */
export function stampDocumentHash(withPlaceholder: Buffer): { bytes: Buffer; hash: string } {
  const hash = sha256(withPlaceholder);
  const { bytes, count } = replaceAll(withPlaceholder, PLACEHOLDER_BYTES, Buffer.from(hexOf(hash), 'latin1'));
  if (count === 0) throw new Error('The document has no place for its hash (draw HASH_PLACEHOLDER in Courier, uncompressed)');
  return { bytes, hash };
}

/** The hash printed on a stamped PDF, or null. */
export function printedHash(pdf: Buffer): string | null {
  const match = STAMPED.exec(pdf.toString('latin1'));
  STAMPED.lastIndex = 0;
  return match ? Buffer.from(match[1], 'hex').toString('latin1') : null;
}

/** VER-1: the hash a PDF file answers to: its bytes with the printed hash put back to zeros, hashed. */
export function documentHash(pdf: Buffer): string | null {
  const printed = printedHash(pdf);
  if (!printed) return null;
  return sha256(replaceAll(pdf, Buffer.from(hexOf(printed), 'latin1'), PLACEHOLDER_BYTES).bytes);
}

export interface IssuedDocument {
  hash: string;
  kind: string;
  issuedOn: string;
  storageKey: string;
  size: number;
}

/**
 * Stamps, stores and registers a signed PDF, inside the caller's transaction: the file is written first
 * (under a new key, so nothing is ever replaced), then its row; a transaction that fails leaves a file no
 * row names, which a restore or a later sweep ignores.
 */
export async function issueDocument(
  trx: Knex.Transaction,
  storage: FileStorage,
  input: { kind: string; issuedOn: string; now: Date; pdf: Buffer },
): Promise<IssuedDocument> {
  const { bytes, hash } = stampDocumentHash(input.pdf);
  const storageKey = `documents/${input.kind}-${randomUUID()}.pdf`;
  const stored = await storage.put(storageKey, [bytes]);
  await trx('issuedDocuments').insert({ hash, kind: input.kind, issuedOn: input.issuedOn, storageKey, size: stored.size, createdAt: input.now });
  return { hash, kind: input.kind, issuedOn: input.issuedOn, storageKey, size: stored.size };
}

/** The stored bytes of an issued document. */
export async function readIssuedDocument(db: Knex, storage: FileStorage, hash: string): Promise<Buffer | null> {
  const row = await db('issuedDocuments').where({ hash }).first('storageKey');
  if (!row) return null;
  const { stream } = await storage.open(String(row.storageKey));
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** VER-4: what a file a person holds comes to: issued exactly as it is, or not. */
export interface FileVerdict {
  issued: boolean;
  kind?: string;
  issuedOn?: string;
}

/**
 * VER-4: whether `file` is, byte for byte, a document the clinic issued. Its printed code finds the row
 * (VER-1's hash, put back to zeros and hashed); then the SHA-256 of the exact file must be that of the stored
 * one. A copy with any byte changed (a figure, the printed code itself) is not issued.
 */
export async function verifyFile(db: Knex, storage: FileStorage, file: Buffer): Promise<FileVerdict> {
  const hash = documentHash(file);
  if (!hash) return { issued: false };
  const row = await db('issuedDocuments').where({ hash }).first('kind', 'issuedOn');
  if (!row) return { issued: false };
  const stored = await readIssuedDocument(db, storage, hash);
  if (!stored || sha256(stored) !== sha256(file)) return { issued: false };
  return { issued: true, kind: String(row.kind), issuedOn: String(row.issuedOn) };
}

/** VER-5: what the printed code alone tells: the kind, the day, the patient's initials and the total. */
export interface CodeVerdict {
  kind: string;
  issuedOn: string;
  initials: string | null;
  total: number | null;
}

/** "Sarita Patil" -> "S. P."; nothing else of the patient leaves. */
export function initialsOf(firstName: string | null | undefined, lastName: string | null | undefined): string | null {
  const letters = [firstName, lastName].map((n) => (n ?? '').trim().charAt(0).toUpperCase()).filter(Boolean);
  return letters.length ? letters.map((l) => `${l}.`).join(' ') : null;
}

/** VER-5: the document a printed code names, with its patient's initials and its total (the accepted option's). */
export async function documentByCode(db: Knex, code: string): Promise<CodeVerdict | null> {
  if (!/^[0-9a-f]{64}$/.test(code)) return null;
  const row = await db('issuedDocuments as d')
    .leftJoin('treatmentPlanAcceptances as a', 'a.documentHash', 'd.hash')
    .leftJoin('treatmentPlans as t', 't.id', 'a.planId')
    .leftJoin('patients as p', 'p.id', 't.patientId')
    .leftJoin('treatmentPlanOptions as o', 'o.id', 'a.optionId')
    .where('d.hash', code)
    .first<{ kind: string; issuedOn: string; firstName: string | null; lastName: string | null; totalAmount: string | null } | undefined>('d.kind', 'd.issuedOn', 'p.firstName', 'p.lastName', 'o.totalAmount');
  if (!row) return null;
  return { kind: String(row.kind), issuedOn: String(row.issuedOn), initials: initialsOf(row.firstName, row.lastName), total: row.totalAmount === null ? null : Number(row.totalAmount) };
}
