// The spec's original customer list, for bench-customers.ts to print beside ours: every customer
// sent to the client, mapped, serialised, parsed and filtered there. Run by bench-customers.ts in a
// process of its own with a heap big enough for it; prints its figures as JSON.
import { sql } from 'drizzle-orm';
import { createDb, createPool } from '../src/db/client.ts';
import { toCustomer } from '../src/modules/customers/customer-mapping.ts';
import { CUSTOMER_COLUMNS } from '../src/modules/customers/customer-sql.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL is not set: run bench:customers');
const terms = process.argv.slice(2);
const pool = createPool(url, 1);
const db = createDb(pool);
const times: number[] = [];
let growth = 0;
let jsonBytes = 0;
try {
  for (const term of terms) {
    global.gc?.();
    const rssBefore = process.memoryUsage.rss();
    const t0 = performance.now();
    const all = (await db.execute(sql`SELECT ${CUSTOMER_COLUMNS} FROM customers`)).rows.map((r) =>
      toCustomer(r as never),
    );
    const body = JSON.stringify({ success: true, users: all });
    const users = (JSON.parse(body) as { users: ReturnType<typeof toCustomer>[] }).users;
    const q = term.toLocaleLowerCase('tr');
    users.filter(
      (u) =>
        u.status === 'active' &&
        [u.user_name, u.alias_name, u.alias_surname, u.email].some((f) =>
          f?.toLocaleLowerCase('tr').includes(q),
        ),
    );
    times.push(performance.now() - t0);
    growth = Math.max(growth, process.memoryUsage.rss() - rssBefore);
    jsonBytes = body.length;
  }
} finally {
  await pool.end();
}
process.stdout.write(JSON.stringify({ times, growth, jsonBytes }));
