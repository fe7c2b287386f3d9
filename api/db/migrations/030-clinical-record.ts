import type { Knex } from 'knex';
import { procedureStatuses } from '../../../shared/clinical/chart-command';
import { defaultFindings } from '../../../shared/clinical/findings';
import { permanentTeeth, primaryTeeth, surfaceCodes } from '../../../shared/clinical/teeth';
import { BRIDGE_PRICE_ROW, catalogueChartCodes, drawKinds } from '../../../shared/clinical/vocabulary';
import { SAC_HEALTH_CARE } from '../../../shared/constants/invoice';
import { lowerBoundPrice } from '../../../shared/constants/price-list';
import { treatments } from '../../../shared/constants/treatments';

// The clinical record's first slice (docs/clinical.md, CHART-5..CHART-9):
// - users.role may be 'dentist' (CHART-5);
// - price_list rows may carry a chart code, the names a dentist types, how it is drawn, whether it takes
//   surfaces and spans teeth (CHART-7); the catalogue's rows get theirs, and a 'Dental Bridge' row is added;
// - chart_findings: the findings list, seeded from shared/clinical/findings.ts, extended by the owner;
// - clinical_items: findings and procedures on teeth. Never deleted, and a completed procedure's status
//   never changes: triggers refuse DELETE, TRUNCATE and every UPDATE but a status change of an unlocked,
//   valid item and its one invalidation (CHART-8);
// - clinical_item_events: every change with who and when, append-only, so the chart at any past time can
//   be drawn (CHART-9).

const list = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
const CODE = `'^[a-z][a-z0-9-]{0,39}$'`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table users drop constraint users_role_check');
  await knex.raw(`alter table users add constraint users_role_check check (role in ('owner', 'dentist', 'receptionist'))`);

  await knex.raw(`
    alter table price_list
      add column chart_code text,
      add column chart_names text[] not null default '{}',
      add column chart_draw text,
      add column chart_takes_surfaces boolean not null default false,
      add column chart_spans_teeth boolean not null default false,
      add constraint price_list_chart_code_unique unique (chart_code),
      add constraint price_list_chart_check check (
        chart_code is null
        or (chart_code ~ ${CODE} and chart_draw in (${list(drawKinds)}) and cardinality(chart_names) > 0))`);
  const bridgeFrom = treatments.find((t) => t.name === BRIDGE_PRICE_ROW.catalogueName);
  const bridgeTaken = await knex('price_list').whereRaw('lower(name) = lower(?)', [BRIDGE_PRICE_ROW.name]).first('id');
  if (bridgeFrom && !bridgeTaken) {
    const last = await knex('price_list').max('sort_order as max').first();
    await knex('price_list').insert({
      name: BRIDGE_PRICE_ROW.name,
      default_price: lowerBoundPrice(bridgeFrom.price).toFixed(2),
      sac_code: SAC_HEALTH_CARE,
      tax_rate: '0.00',
      sort_order: Number(last?.max ?? 0) + 10,
    });
  }
  // By name, as the catalogue seeded them: a row the owner renamed keeps no code until given one.
  for (const [name, c] of Object.entries(catalogueChartCodes)) {
    await knex('price_list')
      .whereRaw('lower(name) = lower(?)', [name])
      .update({ chart_code: c.code, chart_names: c.names, chart_draw: c.draw, chart_takes_surfaces: Boolean(c.takesSurfaces), chart_spans_teeth: Boolean(c.spansTeeth) });
  }

  await knex.raw(`
    create table chart_findings (
      code text primary key check (code ~ ${CODE}),
      names text[] not null check (cardinality(names) > 0),
      draw text not null check (draw in (${list(drawKinds)})),
      takes_surfaces boolean not null default false,
      sort_order integer not null default 0,
      created_at timestamptz not null default now()
    )`);
  await knex('chart_findings').insert(
    defaultFindings.map((f, i) => ({ code: f.code, names: f.names, draw: f.draw, takes_surfaces: Boolean(f.takesSurfaces), sort_order: (i + 1) * 10 })),
  );

  await knex.raw(`
    create table clinical_items (
      id serial primary key,
      patient_id integer not null references patients (id),
      teeth text[] not null check (cardinality(teeth) between 1 and 32 and teeth <@ array[${list([...permanentTeeth, ...primaryTeeth])}]),
      surfaces text[] not null default '{}' check (surfaces <@ array[${list(surfaceCodes)}]),
      code text not null,
      kind text not null check (kind in ('finding', 'procedure')),
      status text not null check (status in ('condition', ${list(procedureStatuses)})),
      note text,
      dentist_id integer not null references users (id),
      created_at timestamptz not null,
      invalidated_at timestamptz,
      invalid_reason text,
      invalidated_by integer references users (id),
      constraint clinical_items_status_of_kind check ((kind = 'finding') = (status = 'condition')),
      constraint clinical_items_invalidation check (
        (invalidated_at is null and invalid_reason is null and invalidated_by is null)
        or (invalidated_at is not null and length(trim(invalid_reason)) > 0 and invalidated_by is not null))
    )`);
  await knex.raw('create index clinical_items_patient on clinical_items (patient_id, created_at, id)');
  await knex.raw(`
    create table clinical_item_events (
      id bigserial primary key,
      item_id integer not null references clinical_items (id),
      at timestamptz not null,
      action text not null check (action in ('create', 'status', 'invalidate')),
      status text not null,
      user_id integer not null references users (id),
      reason text
    )`);
  await knex.raw('create index clinical_item_events_item on clinical_item_events (item_id, at, id)');

  // What no code path may do, whatever runs: delete a clinical record, rewrite what it says, change a
  // completed (locked) or invalidated item, or invalidate twice. 42501 like the audit trail's refusal.
  await knex.raw(`
    create function clinical_items_guard() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'UPDATE' then
        raise exception 'clinical records are never deleted' using errcode = '42501';
      end if;
      if new.id <> old.id or new.patient_id <> old.patient_id or new.teeth <> old.teeth or new.surfaces <> old.surfaces
         or new.code <> old.code or new.kind <> old.kind or new.note is distinct from old.note
         or new.dentist_id <> old.dentist_id or new.created_at <> old.created_at then
        raise exception 'a clinical item is never rewritten: invalidate it and record a new one' using errcode = '42501';
      end if;
      if old.invalidated_at is not null then
        raise exception 'an invalidated clinical item does not change' using errcode = '42501';
      end if;
      if new.status <> old.status and old.status = 'completed' then
        raise exception 'a completed procedure is locked' using errcode = '42501';
      end if;
      return new;
    end $$`);
  await knex.raw('create trigger clinical_items_guard before update or delete on clinical_items for each row execute function clinical_items_guard()');
  await knex.raw('create trigger clinical_items_no_truncate before truncate on clinical_items for each statement execute function clinical_items_guard()');
  await knex.raw(`
    create function clinical_item_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'clinical_item_events is append-only' using errcode = '42501';
    end $$`);
  await knex.raw(
    'create trigger clinical_item_events_no_change before update or delete on clinical_item_events for each row execute function clinical_item_events_append_only()',
  );
  await knex.raw(
    'create trigger clinical_item_events_no_truncate before truncate on clinical_item_events for each statement execute function clinical_item_events_append_only()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists clinical_item_events');
  await knex.raw('drop table if exists clinical_items');
  await knex.raw('drop function if exists clinical_item_events_append_only()');
  await knex.raw('drop function if exists clinical_items_guard()');
  await knex.raw('drop table if exists chart_findings');
  await knex('price_list').where({ name: BRIDGE_PRICE_ROW.name, chart_code: 'bridge' }).delete();
  await knex.raw(`
    alter table price_list
      drop constraint price_list_chart_check, drop constraint price_list_chart_code_unique,
      drop column chart_code, drop column chart_names, drop column chart_draw,
      drop column chart_takes_surfaces, drop column chart_spans_teeth`);
  await knex.raw('alter table users drop constraint users_role_check');
  await knex.raw(`alter table users add constraint users_role_check check (role in ('owner', 'receptionist'))`);
}
