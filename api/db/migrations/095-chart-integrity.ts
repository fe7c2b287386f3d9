import type { Knex } from 'knex';

// The chart checks itself and says what became of a finding (docs/clinical.md, CHART-25..CHART-30, NOTE-13):
// - clinical_items.performed_on: the day work was done when it is recorded on a later day (CHART-29); set
//   once, at recording, never changed (a trigger of its own, beside migration 030's guard);
// - clinical_item_events.by_item_id: the completed procedure that treated a finding, on its `resolved`
//   event (CHART-27);
// - four treatments join the price list with their chart codes (CHART-28): pulpotomy, post and core, inlay
//   and onlay, exempt dental care (SAC 999312, 0%), after the rows there are; a clinic that already has a
//   row of that name keeps its own;
// - names a dentist types: `comp` for composite, `fpd` for a bridge (each only where no code has it yet);
// - the default "treatment done" texts: a completed crown is cemented, not temporary (NOTE-13), and the new
//   treatments have theirs.
// Every value is written here in full, so the migration stays what it was when shared code moves.

const rows = [
  { name: 'Pulpotomy', price: '2500.00', code: 'pulpotomy', names: ['pulpotomy'], draw: 'root', surfaces: false, multi: false },
  { name: 'Post and Core', price: '3000.00', code: 'post-core', names: ['post and core', 'post & core', 'post core'], draw: 'root', surfaces: false, multi: false },
  { name: 'Inlay', price: '6000.00', code: 'inlay', names: ['inlay'], draw: 'surface', surfaces: true, multi: true },
  { name: 'Onlay', price: '7000.00', code: 'onlay', names: ['onlay'], draw: 'surface', surfaces: true, multi: true },
];
const extraNames = [
  { code: 'composite', name: 'comp' },
  { code: 'bridge', name: 'fpd' },
];
const oldCrownText = 'Crown preparation, impression taken, temporary crown cemented.';
const newCrownText = 'Crown tried in and cemented; margins, contacts and occlusion checked.';
const newTexts: Record<string, string> = {
  pulpotomy: 'Pulpotomy under local anaesthesia: coronal pulp removed, haemostasis achieved, pulp medicament placed, tooth sealed.',
  'post-core': 'Post cemented in the prepared canal and core built up.',
  inlay: 'Inlay tried in, cemented and finished; contacts and occlusion checked.',
  onlay: 'Onlay tried in, cemented and finished; contacts and occlusion checked.',
};

/** A name no chart code has yet, neither a price list row nor a finding. */
const nameFree = `not exists (select 1 from price_list p where ? = any(p.chart_names)) and not exists (select 1 from chart_findings f where ? = any(f.names))`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table clinical_items add column performed_on date');
  await knex.raw(`
    create function clinical_items_performed_on_guard() returns trigger language plpgsql as $$
    begin
      if new.performed_on is distinct from old.performed_on then
        raise exception 'the day work was done is set when it is recorded and never changes' using errcode = '42501';
      end if;
      return new;
    end $$`);
  await knex.raw(
    'create trigger clinical_items_performed_on_guard before update on clinical_items for each row execute function clinical_items_performed_on_guard()',
  );
  await knex.raw('alter table clinical_item_events add column by_item_id integer references clinical_items (id)');

  for (const row of rows) {
    const codeTaken = await knex('price_list').where({ chart_code: row.code }).first('id');
    const nameTaken = await knex('price_list').whereRaw('lower(name) = lower(?)', [row.name]).first('id');
    if (codeTaken || nameTaken) continue;
    const free = await Promise.all(row.names.map(async (n) => (await knex.raw<{ rows: { free: boolean }[] }>(`select (${nameFree}) as free`, [n, n])).rows[0].free));
    if (free.some((f) => !f)) continue;
    const last = await knex('price_list').max('sort_order as max').first<{ max: number | null }>();
    await knex('price_list').insert({
      name: row.name,
      default_price: row.price,
      sac_code: '999312',
      tax_rate: '0.00',
      sort_order: Number(last?.max ?? 0) + 10,
      chart_code: row.code,
      chart_names: row.names,
      chart_draw: row.draw,
      chart_takes_surfaces: row.surfaces,
      chart_spans_teeth: false,
      chart_multi_sitting: row.multi,
    });
  }
  for (const { code, name } of extraNames) {
    await knex.raw(`update price_list set chart_names = array_append(chart_names, ?) where chart_code = ? and ${nameFree}`, [name, code, name, name]);
  }

  await knex('visit_note_procedure_texts').where({ code: 'crown', text: oldCrownText }).update({ text: newCrownText });
  for (const [code, text] of Object.entries(newTexts)) {
    await knex.raw('insert into visit_note_procedure_texts (code, text) values (?, ?) on conflict (code) do nothing', [code, text]);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [code, text] of Object.entries(newTexts)) await knex('visit_note_procedure_texts').where({ code, text }).delete();
  await knex('visit_note_procedure_texts').where({ code: 'crown', text: newCrownText }).update({ text: oldCrownText });
  for (const { code, name } of extraNames) {
    await knex.raw('update price_list set chart_names = array_remove(chart_names, ?) where chart_code = ? and cardinality(chart_names) > 1', [name, code]);
  }
  for (const row of rows) {
    // A treatment on a chart stays (its items name it); one that is not goes with the migration.
    await knex.raw('delete from price_list where name = ? and chart_code = ? and not exists (select 1 from clinical_items where code = ?)', [row.name, row.code, row.code]);
  }
  await knex.raw('alter table clinical_item_events drop column by_item_id');
  await knex.raw('drop trigger if exists clinical_items_performed_on_guard on clinical_items');
  await knex.raw('drop function if exists clinical_items_performed_on_guard()');
  await knex.raw('alter table clinical_items drop column performed_on');
}
