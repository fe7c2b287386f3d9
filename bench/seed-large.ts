import type { Knex } from 'knex';

// A large clinic for the admin benchmark (bench/admin.ts): 50,000 patients, 200,000 appointments and 50,000
// invoices with 1-3 items each, written by generate_series in a few statements (seconds, not minutes).
// Dates are spread around the database's current date, so "today", "this month" and the recent lists
// all have rows. Run it on a fresh, migrated database (bench/memory.ts runs it after the demo content: invoice
// numbers continue each financial year's counter).

export interface SeedCounts {
  patients: number;
  appointments: number;
  invoices: number;
}

export const LARGE: SeedCounts = { patients: 50_000, appointments: 200_000, invoices: 50_000 };

const FIRST_NAMES = [
  'Aarav', 'Aditi', 'Amit', 'Ananya', 'Arjun', 'Bhavna', 'Chetan', 'Deepa', 'Dev', 'Divya', 'Gaurav', 'Isha', 'Kavya',
  'Kiran', 'Meera', 'Neha', 'Nikhil', 'Pooja', 'Pranav', 'Priya', 'Rahul', 'Riya', 'Rohan', 'Sachin', 'Sanjay',
  'Shreya', 'Sneha', 'Suresh', 'Tanvi', 'Varun', 'Vikram', 'Yash',
];
const LAST_NAMES = [
  'Bhosale', 'Chavan', 'Deshmukh', 'Deshpande', 'Gaikwad', 'Gokhale', 'Iyer', 'Jadhav', 'Joshi', 'Kale', 'Kulkarni',
  'Mehta', 'More', 'Nair', 'Pawar', 'Patil', 'Rao', 'Sawant', 'Shah', 'Sharma', 'Shinde', 'Singh', 'Thakur', 'Verma',
];
const TREATMENTS = ['consultation', 'cleaning', 'extraction', 'crown', 'fillings', 'rootcanal', 'whitening', 'braces'];
const SLOTS = ['10:00', '11:00', '12:00', '13:00', '14:00', '17:00', '18:00', '19:00', '20:00', '21:00'];

const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

export async function seedLarge(knex: Knex, counts: SeedCounts = LARGE): Promise<void> {
  const first = sqlArray(FIRST_NAMES);
  const last = sqlArray(LAST_NAMES);

  // Patients: registered over the last ~3 years, newest last; every 7th gives an address, every 3rd a birthday.
  await knex.raw(
    `insert into patients (first_name, last_name, email, phone, address, date_of_birth, created_at, updated_at)
     select f, l,
            lower(f) || '.' || lower(l) || g || '@example.in',
            '+91 9' || lpad(((g::bigint * 7919) % 1000000000)::text, 9, '0'),
            case when g % 7 = 0 then 'House ' || g || ', Moshi, Pune' end,
            case when g % 3 = 0 then date '1950-01-01' + (g * 37 % 25000) end,
            ts, ts
       from (select g,
                    (${first})[1 + g % ${FIRST_NAMES.length}] as f,
                    (${last})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] as l,
                    now() - make_interval(mins => (:n - g) * 30) as ts
               from generate_series(1, :n) g) s`,
    { n: counts.patients },
  );

  // Appointments: preferred dates from ~2.5 years ago to ~3 months ahead; past ones mostly completed, future
  // ones pending or confirmed; a tenth cancelled. Nine in ten are linked to a patient.
  await knex.raw(
    `insert into appointments (patient_id, first_name, last_name, email, phone, treatment, preferred_date,
                               preferred_time, notes, status, created_at, updated_at)
     select case when g % 10 = 0 then null else p.id end,
            p.first_name, p.last_name, p.email, p.phone,
            (${sqlArray(TREATMENTS)})[1 + g % ${TREATMENTS.length}],
            d, (${sqlArray(SLOTS)})[1 + g % ${SLOTS.length}],
            case when g % 5 = 0 then 'Sensitive teeth' end,
            case when g % 10 = 3 then 'cancelled'
                 when d < current_date then 'completed'
                 when g % 2 = 0 then 'confirmed'
                 else 'pending' end,
            least(now() - make_interval(secs => g), d - (g % 20) * interval '1 day' + make_interval(secs => g % 36000)), now()
       from (select g, current_date + (g % 1000) - 900 as d, 1 + (g::bigint * 7919) % :patients as pid
               from generate_series(1, :n) g) s
       join patients p on p.id = s.pid + (select min(id) - 1 from patients)`,
    { n: counts.appointments, patients: counts.patients },
  );

  // Invoices: issued over the last ~1000 days, numbered per financial year as the app numbers them
  // (INV/2025-26/0001, and the short year form past 9999). Totals are set from the items below.
  await knex.raw(
    `insert into invoices (invoice_number, financial_year, sequence, patient_id, bill_to, issue_date, due_date,
                           subtotal, tax_percentage, tax_amount, total_amount, status, paid_on, created_at, updated_at)
     select case when seq > 9999 then 'INV/' || substr(fy, 3) || '/' || seq
                 else 'INV/' || fy || '/' || lpad(seq::text, 4, '0') end,
            fy, seq, p.id,
            jsonb_build_object('name', p.first_name || ' ' || p.last_name, 'email', p.email, 'phone', p.phone,
                               'address', p.address),
            issue, issue + 15, 0, case when g % 2 = 0 then 18 else 0 end, 0, 0,
            case when g % 10 < 7 then 'paid' else 'pending' end,
            case when g % 10 < 7 then least(current_date, issue + (g % 20)) end,
            issue::timestamptz, now()
       from (select g, issue, fy, row_number() over (partition by fy order by g)::int
                      + coalesce((select c.last_sequence from invoice_counters c where c.financial_year = x.fy), 0) as seq,
                    1 + (g::bigint * 104729) % :patients as pid
               from (select g, current_date - (g % 1000) as issue,
                            (extract(year from current_date - (g % 1000) - interval '3 months')::int)::text || '-' ||
                            lpad(((extract(year from current_date - (g % 1000) - interval '3 months')::int + 1) % 100)::text,
                                 2, '0') as fy
                       from generate_series(1, :n) g) x) s
       join patients p on p.id = s.pid + (select min(id) - 1 from patients)`,
    { n: counts.invoices, patients: counts.patients },
  );

  await knex.raw(
    `insert into invoice_items (invoice_id, position, description, sac_code, quantity, unit_price, total_price)
     select i.id, k, (array['Consultation','Scaling and polishing','Composite filling','X-ray'])[1 + (i.id + k) % 4],
            '999312', 1 + (i.id + k) % 2, 500 * (1 + (i.id + k) % 20), (1 + (i.id + k) % 2) * 500 * (1 + (i.id + k) % 20)
       from invoices i cross join lateral generate_series(1, 1 + i.id % 3) k`,
  );
  await knex.raw(
    `update invoices i
        set subtotal = s.subtotal,
            tax_amount = round(s.subtotal * i.tax_percentage / 100, 2),
            total_amount = s.subtotal + round(s.subtotal * i.tax_percentage / 100, 2)
       from (select invoice_id, sum(total_price) as subtotal from invoice_items group by invoice_id) s
      where s.invoice_id = i.id`,
  );
  await knex.raw(
    `insert into invoice_counters (financial_year, last_sequence)
     select financial_year, max(sequence) from invoices group by financial_year
     on conflict (financial_year) do update set last_sequence = excluded.last_sequence`,
  );
  await knex.raw('vacuum analyze');
}
