import type { Knex } from 'knex';

// INV-36: the price list gains a "Consultation" line, exempt dental health care (SAC 999312, 0%), at ₹500 and
// first in the list, so a consultation is billed from the list rather than typed. A clinic that already has
// a line of that name (any case) keeps its own. The values are written here, not imported, so the
// migration stays what it was.

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `insert into price_list (name, default_price, sac_code, tax_rate, sort_order)
     values ('Consultation', 500.00, '999312', 0.00, 0)
     on conflict ((lower(name))) do nothing`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex('price_list').where({ name: 'Consultation', defaultPrice: '500.00', sacCode: '999312', taxRate: '0.00', sortOrder: 0 }).delete();
}
