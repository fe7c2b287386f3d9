import type { Knex } from 'knex';

// What in the database belongs to a patient, read from its foreign keys: the merge moves every such row
// (PAT-13) and the export must carry every such table (DATA-2), so a table a later version adds is found
// without a list to keep by hand. The merges' own record (patient_merges, PAT-15) points at patients too, but
// it is about two records, not something one of them holds: it is neither moved nor exported.

/** Tables whose foreign keys to patients are not a patient's data (PAT-15). */
export const NOT_PATIENT_DATA = ['patient_merges'];

/** Every single-column foreign key to patients(id) outside the patients table itself. */
export async function patientReferences(db: Knex | Knex.Transaction): Promise<{ table: string; column: string }[]> {
  const { rows } = await db.raw<{ rows: { table: string; column: string }[] }>(`
    select cl.relname as "table", a.attname as "column"
      from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'f' and c.confrelid = 'patients'::regclass and cardinality(c.conkey) = 1
       and c.conrelid <> 'patients'::regclass and cl.relname not in (${NOT_PATIENT_DATA.map(() => '?').join(', ')})
     order by cl.relname, a.attname`, NOT_PATIENT_DATA);
  return rows;
}
