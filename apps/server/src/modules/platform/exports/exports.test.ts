import path from 'node:path';
import type { BackgroundExportStarted, InboxItem } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { TEST_ENV } from '../../../../test/test-server.ts';
import { loadConfig } from '../../../config/config.ts';
import { setExportDeferral } from '../../../lib/export/background.ts';
import { createInboxRepository } from '../../inbox/inbox.repository.ts';
import { createDocumentStore, type DocumentStore } from '../documents/document-store.ts';
import { createExportsRepository } from './exports.repository.ts';
import { createExportsService, EXPORT_ATTEMPTS, type ExportsServiceDeps } from './exports.service.ts';

// Five rows: the demo data's lists are all over it.
const t = useTestApp({ EXPORT_BACKGROUND_ROWS: '5' });
const admin = t.session('admin');
const superMember = t.session('super');

const config = loadConfig({ ...TEST_ENV, EXPORT_BACKGROUND_ROWS: '5' });
const store = createDocumentStore({ ...config.documents, localDir: path.join(config.dataDir, 'exports') });
const inboxRepo = createInboxRepository();

/** The job's function, as the runner calls it, over the same store the download endpoint reads. */
function jobService(overrides: Partial<ExportsServiceDeps> = {}) {
  return createExportsService({
    app: t.app,
    db: t.db,
    clock: t.clock,
    jobs: t.app.jobs,
    repo: createExportsRepository(),
    store,
    tempDir: path.join(config.dataDir, 'tmp', 'exports'),
    notice: (tx, notice) => inboxRepo.openNotice(tx, { ...notice, at: t.clock.now() }),
    progressEveryMs: 0,
    ...overrides,
  });
}

const get = (url: string, who: Record<string, string>) => t.app.inject({ url, headers: who });

/** The same export streamed directly, as under the threshold. */
async function directly(url: string): Promise<Buffer> {
  const service = jobService();
  setExportDeferral(t.app, { threshold: 1e12, defer: service.defer });
  try {
    const res = await get(url, admin);
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  } finally {
    setExportDeferral(t.app, { threshold: 5, defer: service.defer });
  }
}

const record = async (id: number) =>
  (
    await t.db.execute<{ status: string; rows_written: number; rows_total: number; sha256: string | null }>(
      sql`SELECT status, rows_written::int AS rows_written, rows_total::int AS rows_total, sha256
          FROM background_exports WHERE id = ${id}`,
    )
  ).rows[0]!;

const noticesOf = async (who: Record<string, string>, code: string, id: number) => {
  const items = (await get('/api/inbox?limit=200', who)).json().items as InboxItem[];
  return items.filter((i) => i.notice === code && (i.params as { export?: number }).export === id);
};

async function startBackground(url: string): Promise<BackgroundExportStarted['export']> {
  const res = await get(url, admin);
  expect(res.statusCode).toBe(202);
  const body = res.json() as BackgroundExportStarted;
  expect(body.background).toBe(true);
  return body.export;
}

describe('background exports', () => {
  it('an export over the threshold becomes one job, however often it is asked for', async () => {
    const url = '/api/customers/export?format=csv&lang=tr';
    const started = await startBackground(url);
    expect(started).toMatchObject({ route: '/api/customers/export', format: 'csv', status: 'queued' });
    expect(started.rows_total).toBeGreaterThan(5);
    expect((await startBackground(url)).id).toBe(started.id);
    const jobs = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM graphile_worker._private_jobs j
          JOIN graphile_worker._private_tasks k ON k.id = j.task_id
          WHERE k.identifier = 'exports.run' AND j.payload->>'id' = ${String(started.id)}`,
    );
    expect(jobs.rows[0]!.n).toBe(1);
    // Listed for the member who asked, not for another.
    const mine = (await get('/api/exports', admin)).json().items as { id: number }[];
    expect(mine.map((e) => e.id)).toContain(started.id);
    const theirs = (await get('/api/exports', superMember)).json().items as { id: number }[];
    expect(theirs.map((e) => e.id)).not.toContain(started.id);
  });

  for (const url of ['/api/customers/export?format=csv&lang=tr', '/api/user-assets/export?format=csv']) {
    it(`the job writes the bytes the direct export sends, records progress, and the inbox says so (${url.split('?')[0]})`, async () => {
      const started = await startBackground(url);
      await jobService().run({ id: started.id }, { attempts: 1 });

      const done = await record(started.id);
      const direct = await directly(url);
      const lines = direct.toString('utf8').trimEnd().split('\r\n').length - 1;
      expect(done).toMatchObject({ status: 'ready', rows_written: lines, rows_total: lines });

      const download = await get(`/api/exports/download?id=${started.id}`, admin);
      expect(download.statusCode).toBe(200);
      expect(download.headers['x-content-type-options']).toBe('nosniff');
      expect(String(download.headers['content-disposition'])).toMatch(/^attachment;/);
      expect(download.rawPayload.equals(direct)).toBe(true);

      const notices = await noticesOf(admin, 'export_ready', started.id);
      expect(notices).toHaveLength(1);
      expect(await noticesOf(superMember, 'export_ready', started.id)).toHaveLength(0);
    });
  }

  it('another member cannot download it, and expiry removes the file', async () => {
    const started = await startBackground('/api/customers/export?format=xlsx');
    await jobService().run({ id: started.id }, { attempts: 1 });
    const own = await get(`/api/exports/download?id=${started.id}`, admin);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await get(`/api/exports/download?id=${started.id}`, superMember)).statusCode).toBe(404);

    const { sha256 } = await record(started.id);
    await t.db.execute(
      sql`UPDATE background_exports SET expires_at = now() - interval '1 minute' WHERE id = ${started.id}`,
    );
    expect(await jobService().expire()).toBeGreaterThanOrEqual(1);
    expect((await record(started.id)).status).toBe('expired');
    expect(await store.has(sha256!)).toBe(false);
    expect((await get(`/api/exports/download?id=${started.id}`, admin)).statusCode).toBe(404);
  });

  it("a failing job is retried, and its last attempt raises a 'job failed' notice", async () => {
    const started = await startBackground('/api/customers/export?format=csv&search=a');
    const broken: DocumentStore = {
      ...store,
      putFile: () => Promise.reject(new Error('storage is down')),
    };
    const service = jobService({ store: broken });
    await expect(service.run({ id: started.id }, { attempts: 1 })).rejects.toThrow('storage is down');
    expect(await noticesOf(admin, 'job_failed', started.id)).toHaveLength(0);
    await expect(service.run({ id: started.id }, { attempts: EXPORT_ATTEMPTS })).rejects.toThrow();
    expect((await record(started.id)).status).toBe('failed');
    expect(await noticesOf(admin, 'job_failed', started.id)).toHaveLength(1);
  });

  it('an export that can no longer be written fails at once with a notice, without retries', async () => {
    const started = await startBackground('/api/customers/export?format=csv&search=e');
    await t.db.execute(sql`UPDATE background_exports SET route = '/api/nowhere' WHERE id = ${started.id}`);
    await jobService().run({ id: started.id }, { attempts: 1 });
    expect((await record(started.id)).status).toBe('failed');
    expect(await noticesOf(admin, 'job_failed', started.id)).toHaveLength(1);
  });

  it('a payload that is not an export id is refused', async () => {
    await expect(jobService().run({ id: 'x' }, { attempts: 1 })).rejects.toThrow();
  });
});
