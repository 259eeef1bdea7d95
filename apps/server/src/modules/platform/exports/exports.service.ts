import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import querystring from 'node:querystring';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type BackgroundExportStarted, type ExportFormat, hasCapability } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Jobs } from '../../../jobs/index.ts';
import type { Clock } from '../../../lib/clock.ts';
import { exportHandlerOf, fileReply } from '../../../lib/export/background.ts';
import { exportLanguage } from '../../../lib/export/headers.ts';
import { EXPORT_CONTENT_TYPES } from '../../../lib/export/index.ts';
import type { DocumentStore } from '../documents/document-store.ts';
import { publishEvent } from '../events/events.repository.ts';
import type { PostNotice } from '../notices/notice.ts';
import type { ExportRecord, ExportsRepository } from './exports.repository.ts';
import { toView } from './exports.repository.ts';

/** A finished file stays downloadable this long, then the expiry job removes it. */
export const EXPORT_KEEP_HOURS = 24;
/** Attempts before the member hears the export failed (graphile-worker retries with backoff). */
export const EXPORT_ATTEMPTS = 3;
export const RUN_TASK = 'exports.run';

export const contentTypeOf = (format: string) =>
  EXPORT_CONTENT_TYPES[format as ExportFormat] ?? 'application/octet-stream';

/** The job's payload is read back from the database: untrusted, checked. */
const Payload = z.object({ id: z.number().int().positive() });

/** A failure no retry can mend (the member lost the right, the query no longer parses). */
class FinalFailure extends Error {}

export interface ExportsServiceDeps {
  app: FastifyInstance;
  db: Db;
  clock: Clock;
  jobs: Pick<Jobs, 'enqueue'>;
  repo: ExportsRepository;
  store: DocumentStore;
  /** Where a file is written before it is stored (same disk as a local store, for the rename). */
  tempDir: string;
  notice: PostNotice;
  /** How often progress is written to the database while a file is written. */
  progressEveryMs?: number;
}

export function createExportsService(deps: ExportsServiceDeps) {
  const { db, repo, clock } = deps;
  const progressEveryMs = deps.progressEveryMs ?? 1_000;

  const changed = (tx: DbOrTx, e: { id: number; member_id: number; status: string }) =>
    publishEvent(tx, { topic: 'exports', audience: [e.member_id], data: { id: e.id, status: e.status } });

  /** Writes the export's file by replaying its list's export handler; returns rows, hash and size. */
  async function writeFile(record: ExportRecord, file: string) {
    const entry = exportHandlerOf(deps.app, record.route);
    if (!entry) throw new FinalFailure(`no export endpoint ${record.route}`);
    const member = await db.execute<{ id: number; user_name: string; display_name: string; roles: string[] }>(
      sql`SELECT id, user_name, display_name, roles FROM staff_members WHERE id = ${record.member_id} AND status = 'active'`,
    );
    const who = member.rows[0];
    // The right to export is checked again when the file is written, not only when it was asked for.
    if (!who || !hasCapability(who.roles, entry.endpoint.access))
      throw new FinalFailure('not allowed to export');
    const parsed = (entry.endpoint.query as z.ZodType).safeParse(querystring.parse(record.query));
    if (!parsed.success) throw new FinalFailure('the export query no longer parses');

    let rows = 0;
    let lastWrite = 0;
    let progress: Promise<void> = Promise.resolve();
    const run = {
      rowsWritten(n: number) {
        rows = n;
        const now = Date.now();
        if (now - lastWrite < progressEveryMs) return;
        lastWrite = now;
        progress = progress.then(() => repo.progress(db, record.id, n)).catch(() => {});
      },
    };
    const hash = createHash('sha256');
    let size = 0;
    let written: Promise<void> | undefined;
    const reply = fileReply(record.language, run, (body) => {
      const tap = new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          size += chunk.length;
          done(null, chunk);
        },
      });
      written = pipeline(body, tap, createWriteStream(file));
    });
    await entry.handler({
      query: parsed.data,
      body: undefined,
      member: {
        id: who.id,
        userName: who.user_name,
        displayName: who.display_name,
        email: null,
        roles: who.roles,
        sessionId: '',
        sessionExpiresAt: clock.now(),
        requiredAction: null,
      },
      actor: { memberId: who.id, requestId: `export-job:${record.id}` },
      request: reply.request,
      reply,
      received: undefined,
    } as never);
    if (!written) throw new Error(`the export handler of ${record.route} sent no file`);
    await written;
    await progress;
    return { rows, sha256: hash.digest('hex'), size };
  }

  async function fail(record: ExportRecord): Promise<void> {
    await db.transaction(async (tx) => {
      await repo.failed(tx, record.id, clock.now());
      await deps.notice(tx, {
        code: 'job_failed',
        sourceRef: `export:${record.id}`,
        subject: record.file_name,
        params: { job: 'export', file: record.file_name, export: record.id },
        audience: [record.member_id],
      });
      await changed(tx, { ...record, status: 'failed' });
    });
  }

  return {
    /** The 202 answer: the request's export recorded and enqueued, or the same one already under way. */
    async defer(
      request: FastifyRequest,
      file: { format: ExportFormat; fileName: string; total: number },
    ): Promise<BackgroundExportStarted> {
      const member = request.member;
      if (!member) throw new Error('a background export needs a signed-in member');
      const route = request.routeOptions.url ?? request.url.split('?')[0]!;
      const query = request.url.split('?')[1] ?? '';
      const language = exportLanguage(request);
      const record = await db.transaction(async (tx) => {
        const same = await repo.pending(tx, { memberId: member.id, route, query, language });
        if (same) return same;
        const created = await repo.create(tx, { memberId: member.id, route, query, language, ...file });
        await deps.jobs.enqueue(tx, RUN_TASK, { id: created.id }, { maxAttempts: EXPORT_ATTEMPTS });
        return created;
      });
      return { background: true, export: toView(record) };
    },

    /** The job: writes the file, stores it, tells the member; the last failed attempt tells them too. */
    async run(payload: unknown, job: { attempts: number }): Promise<void> {
      const { id } = Payload.parse(payload);
      const record = await repo.get(db, id);
      if (!record || record.status === 'ready' || record.status === 'expired' || record.status === 'failed')
        return;
      await repo.started(db, id);
      await fs.mkdir(deps.tempDir, { recursive: true });
      const file = path.join(deps.tempDir, `export-${id}-${randomUUID()}`);
      try {
        const out = await writeFile(record, file);
        await deps.store.putFile(out.sha256, file, contentTypeOf(record.format));
        const at = clock.now();
        await db.transaction(async (tx) => {
          const expiresAt = new Date(at.getTime() + EXPORT_KEEP_HOURS * 3_600_000);
          await repo.ready(tx, id, { ...out, at, expiresAt });
          await deps.notice(tx, {
            code: 'export_ready',
            sourceRef: `export:${id}`,
            subject: record.file_name,
            params: { file: record.file_name, rows: out.rows, export: id, format: record.format },
            audience: [record.member_id],
          });
          await changed(tx, { ...record, status: 'ready' });
        });
      } catch (error) {
        if (error instanceof FinalFailure || job.attempts >= EXPORT_ATTEMPTS) {
          await fail(record);
          if (error instanceof FinalFailure) return;
        }
        throw error;
      } finally {
        await fs.rm(file, { force: true });
      }
    },

    /** Removes files past their time (the scheduled `exports.expire`); returns how many expired. */
    async expire(): Promise<number> {
      const gone = await repo.expire(db, clock.now());
      for (const g of gone) if (g.sha256 && !g.shared) await deps.store.remove(g.sha256);
      return gone.length;
    },

    list: async (memberId: number) => ({ items: (await repo.forMember(db, memberId)).map(toView) }),

    /** A ready export of this member, or undefined (another's, unfinished or expired alike). */
    async downloadable(memberId: number, id: number): Promise<ExportRecord | undefined> {
      const record = await repo.get(db, id);
      if (!record || record.member_id !== memberId || record.status !== 'ready' || !record.sha256)
        return undefined;
      if (record.expires_at && Date.parse(record.expires_at) <= clock.now().getTime()) return undefined;
      return record;
    },
  };
}
export type ExportsService = ReturnType<typeof createExportsService>;
