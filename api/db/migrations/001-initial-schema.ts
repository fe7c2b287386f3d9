import type { Knex } from 'knex';

// The whole data model of APPT-1, PAT-1, INV-1, BLOG-1, GAL-1, SET-1 plus what running it needs (users, sessions, outbox, media,
// invoice counters). Identifiers are written snake_case here because the knex instance maps camelCase.
// Amounts are numeric (exact), dates are date, statuses are CHECK-constrained.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.text('email').notNullable();
    t.text('display_name').notNullable();
    t.text('password_hash').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create unique index users_email_unique on users (lower(email))');

  await knex.schema.createTable('sessions', (t) => {
    // SHA-256 of the cookie's random token: a leaked table does not hand out live sessions.
    t.text('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_seen_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['user_id']);
    t.index(['expires_at']);
  });

  await knex.schema.createTable('patients', (t) => {
    t.increments('id');
    t.text('first_name').notNullable();
    t.text('last_name').notNullable();
    t.text('email').notNullable();
    t.text('phone').notNullable();
    t.text('address');
    t.date('date_of_birth');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['created_at']);
    t.index(['email']);
  });

  await knex.schema.createTable('appointments', (t) => {
    t.increments('id');
    // Set when the booking's email matches a patient; kept optional so bookings never depend on it.
    t.integer('patient_id').references('patients.id').onDelete('SET NULL');
    t.text('first_name').notNullable();
    t.text('last_name').notNullable();
    t.text('email').notNullable();
    t.text('phone').notNullable();
    t.text('treatment').notNullable();
    t.date('preferred_date').notNullable();
    t.text('preferred_time').notNullable();
    t.text('notes');
    t.text('status').notNullable().defaultTo('pending');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('confirmed_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.timestamp('cancelled_at', { useTz: true });
    t.check("status in ('pending','confirmed','completed','cancelled')", [], 'appointments_status_check');
    t.check("preferred_time ~ '^[0-2][0-9]:[0-5][0-9]$'", [], 'appointments_time_check');
    t.index(['patient_id']);
    t.index(['created_at']);
    t.index(['preferred_date', 'preferred_time']);
    t.index(['status']);
  });

  await knex.schema.createTable('invoice_counters', (t) => {
    t.text('financial_year').primary();
    t.integer('last_sequence').notNullable().defaultTo(0);
  });

  await knex.schema.createTable('invoices', (t) => {
    t.increments('id');
    t.text('invoice_number').notNullable().unique();
    t.text('financial_year').notNullable();
    t.integer('sequence').notNullable();
    // PAT-4: deleting a patient keeps the invoice; the list then shows "Unknown Patient".
    t.integer('patient_id').references('patients.id').onDelete('SET NULL');
    // The recipient as billed (CGST Rule 46 wants it on the document even if the patient goes).
    t.jsonb('bill_to').notNullable();
    t.date('issue_date').notNullable();
    t.date('due_date');
    t.decimal('subtotal', 12, 2).notNullable();
    t.decimal('tax_percentage', 5, 2).notNullable();
    t.decimal('tax_amount', 12, 2).notNullable();
    t.decimal('total_amount', 12, 2).notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.date('paid_on');
    t.text('notes');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['financial_year', 'sequence']);
    t.check("status in ('pending','paid')", [], 'invoices_status_check');
    t.check('subtotal >= 0 and tax_amount >= 0 and total_amount >= 0', [], 'invoices_amounts_check');
    t.check('tax_percentage >= 0 and tax_percentage <= 100', [], 'invoices_tax_check');
    t.index(['patient_id']);
    t.index(['created_at']);
    t.index(['status', 'due_date']);
    t.index(['paid_on']);
  });

  await knex.schema.createTable('invoice_items', (t) => {
    t.increments('id');
    t.integer('invoice_id').notNullable().references('invoices.id').onDelete('CASCADE');
    t.integer('position').notNullable();
    t.text('description').notNullable();
    t.text('sac_code');
    t.integer('quantity').notNullable();
    t.decimal('unit_price', 12, 2).notNullable();
    t.decimal('total_price', 12, 2).notNullable();
    t.check('quantity >= 1 and unit_price >= 0 and total_price >= 0', [], 'invoice_items_amounts_check');
    t.index(['invoice_id', 'position']);
  });

  await knex.schema.createTable('blog_posts', (t) => {
    t.increments('id');
    t.text('title').notNullable();
    t.text('slug').notNullable().unique();
    t.text('excerpt').notNullable();
    t.text('content').notNullable();
    t.text('author').notNullable();
    t.text('image_url');
    t.boolean('is_published').notNullable().defaultTo(false);
    t.timestamp('published_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['is_published', 'published_at']);
    t.index(['created_at']);
  });

  await knex.schema.createTable('gallery_images', (t) => {
    t.increments('id');
    t.text('title').notNullable();
    t.text('description');
    t.text('image_url').notNullable();
    t.text('thumbnail_url');
    t.text('category').defaultTo('clinic');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.integer('sort_order').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(
      "category is null or category in ('clinic','equipment','team','treatments','before-after')",
      [],
      'gallery_images_category_check',
    );
    t.check('sort_order >= 0', [], 'gallery_images_order_check');
    t.index(['is_active', 'sort_order']);
  });

  await knex.schema.createTable('site_settings', (t) => {
    t.text('key').primary();
    t.text('value').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('media', (t) => {
    t.uuid('id').primary();
    t.text('content_type').notNullable();
    t.binary('bytes').notNullable();
    t.binary('thumbnail').notNullable();
    t.integer('width');
    t.integer('height');
    t.integer('size_bytes').notNullable();
    t.text('original_name');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('email_outbox', (t) => {
    t.bigIncrements('id');
    t.text('kind').notNullable();
    t.text('to_address').notNullable();
    t.text('subject').notNullable();
    t.text('html').notNullable();
    t.text('text_body').notNullable();
    // What to attach at send time, e.g. [{ "type": "invoice-pdf", "invoiceId": 7 }].
    t.jsonb('attachments').notNullable().defaultTo('[]');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // A worker leases a row before sending so a second worker never sends it too.
    t.timestamp('locked_until', { useTz: true });
    t.timestamp('sent_at', { useTz: true });
    t.text('message_id');
    t.text('last_error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index email_outbox_due on email_outbox (next_attempt_at) where sent_at is null');
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'email_outbox',
    'media',
    'site_settings',
    'gallery_images',
    'blog_posts',
    'invoice_items',
    'invoices',
    'invoice_counters',
    'appointments',
    'patients',
    'sessions',
    'users',
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
