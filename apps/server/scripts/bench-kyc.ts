// npm run bench:kyc — KYC documents and the review queue at scale (decision 0010), over HTTP against the
// started server:
//   npm run bench:kyc [-- --customers 1000000] [--data-dir DIR] [--port 0] [--runs 200]
// A data folder seeded once (the demo seed gives about three documents per customer who started KYC,
// 2.6 million at 1,000,000 customers; earlier approved copies make it 3,000,000), the real server
// started on it. Timed:
//   - the queue and the documents list, paged 50 rows at a time with their cursors (keyset), beside
//     the naive approach — OFFSET paging with a count(*) — on a direct connection to the same data;
//   - "next case" pressed by 20 officers at once (FOR UPDATE SKIP LOCKED), beside the naive claim
//     (SELECT the oldest unassigned, then UPDATE it) by 20 connections at once, counting double claims;
//   - 200 uploads of a 2 MB image streamed into the intake, the server's memory growth sampled, beside
//     a server that buffers each upload whole before storing it.
// Claims are given back at the end, so a kept folder measures the same queue next time.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import sharp from 'sharp';
import {
  directPool,
  fmtMb,
  fmtMs,
  inDataDir,
  LIST_BENCH_OPTIONS,
  machineLine,
  type Percentiles,
  percentiles,
  printTable,
  seedDataDir,
  signIn,
  startListServer,
  timedGet,
} from './bench-support.ts';

const { values } = parseArgs({
  options: { ...LIST_BENCH_OPTIONS, customers: { type: 'string', default: '1000000' } },
});
const CUSTOMERS = Number(values.customers);
const RUNS = Number(values.runs);
const PAGE = 50;
const OFFICERS = 20;
const UPLOADS = 200;
const UPLOAD_BYTES = 2 * 1024 * 1024;
const UPLOADS_AT_ONCE = 8;
const TARGET_P95_MS = 20;
const TARGET_GROWTH_BYTES = 100 * 1024 * 1024;

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

// ── Lists: keyset pages over HTTP against OFFSET pages on the same data ─────────────────────────────

interface ListCase {
  name: string;
  url: string;
  /** The naive page: ORDER BY … OFFSET $1 LIMIT 50, and its count(*). */
  naive: string;
  count: string;
}

const LIST_CASES: ListCase[] = [
  {
    name: 'queue, oldest first',
    url: '/api/compliance/kyc/queue?',
    naive: `SELECT k.*, c.user_name FROM kyc_cases k JOIN customers c ON c.id = k.customer_id
            ORDER BY k.waiting_since, k.customer_id OFFSET $1 LIMIT ${PAGE}`,
    count: 'SELECT count(*) FROM kyc_cases',
  },
  {
    name: 'queue, unassigned',
    url: '/api/compliance/kyc/queue?assignee=unassigned&',
    naive: `SELECT k.*, c.user_name FROM kyc_cases k JOIN customers c ON c.id = k.customer_id
            WHERE k.assigned_to IS NULL ORDER BY k.waiting_since, k.customer_id OFFSET $1 LIMIT ${PAGE}`,
    count: 'SELECT count(*) FROM kyc_cases WHERE assigned_to IS NULL',
  },
  {
    name: 'documents, newest first',
    url: '/api/compliance/kyc/documents?',
    naive: `SELECT d.*, c.user_name FROM kyc_documents d JOIN customers c ON c.id = d.customer_id
            ORDER BY d.uploaded_at DESC, d.id DESC OFFSET $1 LIMIT ${PAGE}`,
    count: 'SELECT count(*) FROM kyc_documents',
  },
  {
    name: 'documents, pending',
    url: '/api/compliance/kyc/documents?status=pending&',
    naive: `SELECT d.*, c.user_name FROM kyc_documents d JOIN customers c ON c.id = d.customer_id
            WHERE d.status = 'pending' ORDER BY d.uploaded_at DESC, d.id DESC OFFSET $1 LIMIT ${PAGE}`,
    count: `SELECT count(*) FROM kyc_documents WHERE status = 'pending'`,
  },
  {
    name: 'documents, passports',
    url: '/api/compliance/kyc/documents?kind=passport&',
    naive: `SELECT d.*, c.user_name FROM kyc_documents d JOIN customers c ON c.id = d.customer_id
            WHERE d.kind = 'passport' ORDER BY d.uploaded_at DESC, d.id DESC OFFSET $1 LIMIT ${PAGE}`,
    count: `SELECT count(*) FROM kyc_documents WHERE kind = 'passport'`,
  },
];

/** Pages 1…RUNS, each asked with the previous page's cursor, as "next page" does; then OFFSET at the same depths. */
async function measureList(url: string, cookie: string, pool: pg.Pool, c: ListCase) {
  const keyset: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    // A first page comes with its total, asked beside it as the list does (…/count, the same
    // filters); the pages after it keep that total and ask for rows only.
    const [{ body }]: [{ body: Buffer }, unknown] = await Promise.all([
      timedGet(`${url}${c.url}limit=${PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, cookie),
      cursor ? undefined : timedGet(`${url}${c.url.replace('?', '/count?')}`, cookie),
    ]);
    keyset.push(performance.now() - started);
    pages++;
    cursor = (JSON.parse(body.toString('utf8')) as { nextCursor: string | null }).nextCursor;
    if (!cursor) cursor = null; // the end: start again from the first page
  }
  const naive: number[] = [];
  for (let run = 0; run < pages; run++) {
    const started = performance.now();
    await Promise.all([pool.query(c.naive, [run * PAGE]), pool.query(c.count)]);
    naive.push(performance.now() - started);
  }
  return { keyset: percentiles(keyset), naive: percentiles(naive) };
}

// ── "Next case": 20 officers at once ───────────────────────────────────────────────────────────────

/** A JSON request on the officers' keep-alive sockets; a GET has no body. */
function send(
  method: 'GET' | 'POST',
  url: string,
  cookie: string,
  body?: unknown,
): Promise<{ ms: number; status: number; json: unknown }> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const headers = payload
    ? { cookie, 'content-type': 'application/json', 'content-length': payload.length }
    : { cookie };
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent: officersAgent, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () =>
        resolve({
          ms: performance.now() - started,
          status: res.statusCode ?? 0,
          json: JSON.parse(Buffer.concat(parts).toString('utf8') || 'null'),
        }),
      );
    });
    req.on('error', reject);
    req.end(payload);
  });
}
const officersAgent = new http.Agent({ keepAlive: true, maxSockets: OFFICERS });

/** Each officer sends `rounds` requests back to back, all officers at once; every answer a 200. */
async function backToBack(
  cookies: string[],
  rounds: number,
  request: (cookie: string) => ReturnType<typeof send>,
  answered: (json: unknown) => void = () => {},
): Promise<Percentiles> {
  const times: number[] = [];
  await Promise.all(
    cookies.map(async (cookie) => {
      for (let i = 0; i < rounds; i++) {
        const res = await request(cookie);
        if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.json)}`);
        times.push(res.ms);
        answered(res.json);
      }
    }),
  );
  return percentiles(times);
}

async function measureNextCase(url: string, cookies: string[], rounds: number) {
  const claimed: number[] = [];
  const times = await backToBack(
    cookies,
    rounds,
    (cookie) => send('POST', `${url}/api/compliance/kyc/queue/next`, cookie, {}),
    (json) => {
      const c = (json as { case: { customer_id: number } | null }).case;
      if (c) claimed.push(c.customer_id);
    },
  );
  return { times, claims: claimed.length, doubles: claimed.length - new Set(claimed).size };
}

/**
 * The floor under the same officers: the signed-in member (a session lookup and a small answer),
 * what every request costs before its own work. No press can be faster than this on these cores.
 */
function measureFloor(url: string, cookies: string[], rounds: number): Promise<Percentiles> {
  return backToBack(cookies, rounds, (cookie) => send('GET', `${url}/api/auth/credentials`, cookie));
}

/**
 * The server's claim statement alone on direct connections, without the audit row the server writes
 * with every claim, nor HTTP, sign-in checks or JSON: what the HTTP figure adds to this is the server's
 * own work per press, on the same two cores.
 */
async function measureBareClaim(pool: pg.Pool, rounds: number, memberId: number) {
  const times: number[] = [];
  const claimed: number[] = [];
  await Promise.all(
    Array.from({ length: OFFICERS }, async () => {
      for (let i = 0; i < rounds; i++) {
        const started = performance.now();
        const { rows } = await pool.query<{ customer_id: string }>(
          `WITH next AS (SELECT customer_id FROM kyc_cases WHERE assigned_to IS NULL
                         ORDER BY waiting_since, customer_id LIMIT 1 FOR UPDATE SKIP LOCKED)
           UPDATE kyc_cases k SET assigned_to = $1, assigned_at = now() FROM next
           WHERE k.customer_id = next.customer_id RETURNING k.customer_id`,
          [memberId],
        );
        if (rows[0]) claimed.push(Number(rows[0].customer_id));
        times.push(performance.now() - started);
      }
    }),
  );
  return {
    times: percentiles(times),
    claims: claimed.length,
    doubles: claimed.length - new Set(claimed).size,
  };
}

/** The naive claim: read the oldest unassigned case, then assign it; nothing stops a second reader. */
async function measureNaiveClaim(pool: pg.Pool, rounds: number, memberId: number) {
  const times: number[] = [];
  const claimed: number[] = [];
  await Promise.all(
    Array.from({ length: OFFICERS }, async () => {
      for (let i = 0; i < rounds; i++) {
        const started = performance.now();
        const { rows } = await pool.query<{ customer_id: string }>(
          'SELECT customer_id FROM kyc_cases WHERE assigned_to IS NULL ORDER BY waiting_since, customer_id LIMIT 1',
        );
        const id = rows[0]?.customer_id;
        if (id !== undefined) {
          await pool.query(
            'UPDATE kyc_cases SET assigned_to = $1, assigned_at = now() WHERE customer_id = $2',
            [memberId, id],
          );
          claimed.push(Number(id));
        }
        times.push(performance.now() - started);
      }
    }),
  );
  return {
    times: percentiles(times),
    claims: claimed.length,
    doubles: claimed.length - new Set(claimed).size,
  };
}

// ── Uploads: streamed into the intake against buffered whole ─────────────────────────────────────────

/** A photo-like JPEG of about 2 MB: noise compresses badly, as a phone picture of a document does. */
async function twoMegabyteJpeg(): Promise<Buffer> {
  for (let side = 1400; ; side += 100) {
    const noise = Buffer.alloc(side * side * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const jpeg = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer();
    if (jpeg.length >= UPLOAD_BYTES * 0.95) return jpeg;
  }
}

function multipart(bytes: Buffer) {
  const boundary = `----bench-${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  return {
    body: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

function sendUpload(url: string, cookie: string, form: { body: Buffer; type: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent: officersAgent,
        headers: { cookie, 'content-type': form.type, 'content-length': form.body.length },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(form.body);
  });
}

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) * 1024;
}

/** Sends the uploads UPLOADS_AT_ONCE at a time while sampling `pid`'s memory; the growth is the peak's. */
async function measureUploads(pid: number, upload: (i: number) => Promise<number>) {
  const before = await rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    rssOf(pid).then(
      (rss) => {
        peak = Math.max(peak, rss);
      },
      () => {},
    );
  }, 20);
  const started = performance.now();
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: UPLOADS_AT_ONCE }, async () => {
      while (next < UPLOADS) {
        const status = await upload(next++);
        if (status !== 200) failed++;
      }
    }),
  );
  clearInterval(sampler);
  peak = Math.max(peak, await rssOf(pid));
  return { growth: peak - before, seconds: (performance.now() - started) / 1000, failed };
}

/** The naive receiver: a plain server that holds each upload whole in memory before storing it. */
async function startBufferingServer(): Promise<{ url: string; pid: number; child: ChildProcess }> {
  const code = `
    import http from 'node:http'; import { createHash } from 'node:crypto'; import fs from 'node:fs/promises';
    import os from 'node:os'; import path from 'node:path';
    const server = http.createServer((req, res) => {
      const parts = [];
      req.on('data', (c) => parts.push(c));
      req.on('end', async () => {
        const body = Buffer.concat(parts);
        const sha = createHash('sha256').update(body).digest('hex');
        await fs.writeFile(path.join(os.tmpdir(), 'bench-kyc-naive-' + sha.slice(0, 16)), body);
        res.end('{}');
      });
    });
    server.listen(0, '127.0.0.1', () => console.log('port ' + server.address().port));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve) =>
    child.stdout!.on('data', (c: Buffer) => {
      const m = /port (\d+)/.exec(c.toString());
      if (m) resolve(m[1]!);
    }),
  );
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, child };
}

// ── Main ───────────────────────────────────────────────────────────────────────────────────────────

/** The scale benched: three documents a customer (3,000,000 at 1,000,000 customers). */
const DOCUMENTS_PER_CUSTOMER = 3;

/**
 * The demo seed gives about 2.6 documents a customer (three each who started KYC). The rest are
 * earlier copies of approved documents, a year older, as a customer re-verified after an expiry
 * leaves behind: decided, so the queue stays the seed's. Added once; a kept folder keeps them.
 */
async function topUpDocuments(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM kyc_documents');
  const missing = DOCUMENTS_PER_CUSTOMER * CUSTOMERS - Number(rows[0]!.n);
  if (missing <= 0) return 0;
  await pool.query(
    `INSERT INTO kyc_documents (customer_id, kind, status, file_name, mime_type, size_bytes, uploaded_at,
       reviewed_at, reviewed_by, sha256, storage_key, channel, uploaded_by, expires_on)
     SELECT customer_id, kind, status, file_name, mime_type, size_bytes, uploaded_at - interval '1 year',
       reviewed_at - interval '1 year', reviewed_by, sha256, storage_key, channel, uploaded_by,
       expires_on - 365
     FROM kyc_documents WHERE status = 'approved' ORDER BY id LIMIT $1`,
    [missing],
  );
  // As autovacuum would soon after: statistics, and the visibility map index-only scans read.
  await pool.query('VACUUM (ANALYZE) kyc_documents');
  return missing;
}

const row = (name: string, ours: Percentiles, naive: Percentiles, target = TARGET_P95_MS) => [
  name,
  fmtMs(ours.p50),
  fmtMs(ours.p95),
  fmtMs(naive.p50),
  fmtMs(naive.p95),
  verdict(ours.p95 < target),
];

async function main() {
  await inDataDir(values['data-dir'], 'backdesk-bench-kyc-', async (dir) => {
    await seedDataDir(dir, { customers: CUSTOMERS, walletTransactions: 0, trades: 100, offers: 50 });
    const server = await startListServer(dir, Number(values.port));
    const pool = await directPool(dir, OFFICERS + 2);
    const added = await topUpDocuments(pool);
    if (added)
      console.log(`Added ${added.toLocaleString('en-US')} earlier approved documents (the scale benched)`);
    const benchStart = new Date();
    try {
      const counts = (
        await pool.query<{ documents: string; cases: string; pending: string }>(`
          SELECT (SELECT count(*) FROM kyc_documents) AS documents, (SELECT count(*) FROM kyc_cases) AS cases,
                 (SELECT count(*) FROM kyc_documents WHERE status = 'pending') AS pending`)
      ).rows[0]!;
      console.log(`\n${machineLine()}`);
      console.log(
        `${CUSTOMERS.toLocaleString('en-US')} customers, ${Number(counts.documents).toLocaleString('en-US')} documents ` +
          `(${Number(counts.pending).toLocaleString('en-US')} pending), ${Number(counts.cases).toLocaleString('en-US')} open cases`,
      );
      const officers = await Promise.all(
        Array.from({ length: OFFICERS }, (_, i) => signIn(server.url, ['manager', 'admin', 'super'][i % 3]!)),
      );

      console.log(
        `\nLists: ${RUNS} pages of ${PAGE} each, followed by cursor, a first page with its total (ms; naive = OFFSET + count(*), direct SQL)`,
      );
      const listRows: (string | number)[][] = [];
      for (const c of LIST_CASES) {
        const m = await measureList(server.url, officers[0]!, pool, c);
        listRows.push(row(c.name, m.keyset, m.naive));
      }
      printTable(['case', 'p50', 'p95', 'naive p50', 'naive p95', `p95 < ${TARGET_P95_MS} ms`], listRows);

      // Five times --runs presses in all (a thousand by default, fifty an officer): a p95 that holds
      // from one run to the next.
      const rounds = Math.max(1, Math.ceil((5 * RUNS) / OFFICERS));
      // One officer alone first: what a press costs without anyone else's in front of it.
      const alone = await measureNextCase(server.url, officers.slice(0, 1), OFFICERS);
      // A round untimed on each side first: the pools open their connections (a password handshake
      // each, tens of ms) once, as in service, not inside the figures.
      await measureNextCase(server.url, officers, 1);
      await Promise.all(Array.from({ length: OFFICERS }, () => pool.query('SELECT 1')));
      const ours = await measureNextCase(server.url, officers, rounds);
      const floor = await measureFloor(server.url, officers, rounds);
      const adminId = Number(
        (await pool.query<{ id: number }>(`SELECT id FROM staff_members WHERE user_name = 'admin'`)).rows[0]!
          .id,
      );
      const bare = await measureBareClaim(pool, rounds, adminId);
      const naive = await measureNaiveClaim(pool, rounds, adminId);
      console.log(
        `\n"Next case": ${OFFICERS} officers at once, ${rounds} presses each, after an untimed round (ms)`,
      );
      printTable(
        ['approach', 'claims', 'double claims', 'p50', 'p95', 'verdict'],
        [
          [
            'one officer alone (HTTP), for scale',
            alone.claims,
            alone.doubles,
            fmtMs(alone.times.p50),
            fmtMs(alone.times.p95),
            '—',
          ],
          [
            'FOR UPDATE SKIP LOCKED (HTTP)',
            ours.claims,
            ours.doubles,
            fmtMs(ours.times.p50),
            fmtMs(ours.times.p95),
            verdict(ours.times.p95 < TARGET_P95_MS && ours.doubles === 0),
          ],
          ['floor: the signed-in member (HTTP), no claim', '—', '—', fmtMs(floor.p50), fmtMs(floor.p95), '—'],
          [
            'the same statement, no audit row (direct SQL)',
            bare.claims,
            bare.doubles,
            fmtMs(bare.times.p50),
            fmtMs(bare.times.p95),
            verdict(bare.times.p95 < TARGET_P95_MS && bare.doubles === 0),
          ],
          [
            'SELECT then UPDATE (direct SQL)',
            naive.claims,
            naive.doubles,
            fmtMs(naive.times.p50),
            fmtMs(naive.times.p95),
            verdict(naive.doubles === 0),
          ],
        ],
      );

      const image = await twoMegabyteJpeg();
      const customerIds = (
        await pool.query<{ id: string }>(
          `SELECT id FROM customers WHERE kyc_type = 'kyc' ORDER BY id LIMIT ${UPLOADS}`,
        )
      ).rows.map((r) => Number(r.id));
      const streamed = await measureUploads(server.pid, (i) =>
        sendUpload(
          `${server.url}/api/compliance/kyc/documents/upload?customer_id=${customerIds[i % customerIds.length]}&kind=passport`,
          officers[i % OFFICERS]!,
          multipart(image),
        ),
      );
      const buffering = await startBufferingServer();
      const buffered = await measureUploads(buffering.pid, () =>
        sendUpload(`${buffering.url}/upload`, '', multipart(image)),
      );
      buffering.child.kill();
      console.log(
        `\nUploads: ${UPLOADS} × ${fmtMb(image.length)} JPEG, ${UPLOADS_AT_ONCE} at once (memory growth = peak RSS − RSS before)`,
      );
      printTable(
        ['approach', 'failed', 'seconds', 'memory growth', `≤ ${fmtMb(TARGET_GROWTH_BYTES)}`],
        [
          [
            'streamed into the intake (server)',
            streamed.failed,
            streamed.seconds.toFixed(1),
            fmtMb(streamed.growth),
            verdict(streamed.failed === 0 && streamed.growth <= TARGET_GROWTH_BYTES),
          ],
          [
            'buffered whole (plain server)',
            buffered.failed,
            buffered.seconds.toFixed(1),
            fmtMb(buffered.growth),
            verdict(buffered.growth <= TARGET_GROWTH_BYTES),
          ],
        ],
      );
    } finally {
      // Give back what the bench claimed and uploaded, so a kept folder measures the same data again.
      await pool.query(
        'UPDATE kyc_cases SET assigned_to = NULL, assigned_at = NULL WHERE assigned_at >= $1',
        [benchStart],
      );
      const gone = await pool.query<{ customer_id: string }>(
        `DELETE FROM kyc_documents WHERE channel = 'staff' AND uploaded_at >= $1 RETURNING customer_id`,
        [benchStart],
      );
      const ids = [...new Set(gone.rows.map((r) => Number(r.customer_id)))];
      await pool.query('DELETE FROM kyc_cases WHERE customer_id = ANY($1::bigint[])', [ids]);
      await pool.query(
        `INSERT INTO kyc_cases (customer_id, waiting_since, pending_documents)
         SELECT customer_id, min(uploaded_at), count(*) FROM kyc_documents
         WHERE status = 'pending' AND customer_id = ANY($1::bigint[]) GROUP BY customer_id`,
        [ids],
      );
      await pool.end();
      await server.stop();
    }
  });
}

await main();
