import type { EndpointDef, ExportFormat } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { boundedCount } from '../bounded-count.ts';
import type { EndpointInput } from '../endpoint-route.ts';

/**
 * Exports over a threshold run in the background (docs/decisions/0015-background-exports.md), for
 * every list at once: sendExport and sendCopyExport ask `deferLargeExport` before streaming, and the
 * job replays the list's own export handler with a stand-in reply that writes to storage. No list
 * carries code of its own for it.
 */

export type ExportHandler = (input: EndpointInput<EndpointDef>) => Promise<FastifyReply> | FastifyReply;

/** What the exports module provides to the export functions of one app. */
export interface ExportDeferral {
  /** Exports of more rows than this go to the background. */
  threshold: number;
  /** Records and enqueues the request's export; returns the 202 answer's body. */
  defer(
    request: FastifyRequest,
    file: { format: ExportFormat; fileName: string; total: number },
  ): Promise<object>;
}

const deferrals = new WeakMap<FastifyInstance, ExportDeferral>();
const handlers = new WeakMap<
  FastifyInstance,
  Map<string, { endpoint: EndpointDef; handler: ExportHandler }>
>();

export const setExportDeferral = (app: FastifyInstance, deferral: ExportDeferral) =>
  deferrals.set(app, deferral);

/** Called by registerExportEndpoint: the job finds a list's export handler by its path. */
export function rememberExportHandler(
  app: FastifyInstance,
  endpoint: EndpointDef,
  handler: ExportHandler,
): void {
  const byPath = handlers.get(app) ?? new Map();
  handlers.set(app, byPath);
  byPath.set(endpoint.path, { endpoint, handler });
}

export const exportHandlerOf = (app: FastifyInstance, path: string) => handlers.get(app)?.get(path);

/** Counts what an export would write, bounded (lib/bounded-count.ts): exact up to the limit, else the planner's estimate. */
export type ExportCounter = (limit: number) => Promise<{ value: number; exact: boolean }>;

/** The counter of a query given as `FROM … WHERE … ORDER BY …` (a COPY export). */
export const countFrom =
  (db: DbOrTx, from: SQL): ExportCounter =>
  (limit) =>
    boundedCount(db, sql`(SELECT 1 ${from}) AS export_rows`, { limit });

/** The counter of a whole statement with its parameters (a cursor export), bounded the same way. */
export const countStatement =
  (db: Db, statement: { sql: string; params: unknown[] }): ExportCounter =>
  async (limit) => {
    const { rows } = await db.$client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM (${statement.sql}) AS q LIMIT ${limit + 1}) AS c`,
      statement.params,
    );
    const counted = rows[0]?.n ?? 0;
    if (counted <= limit) return { value: counted, exact: true };
    const plan = await db.$client.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      `EXPLAIN (FORMAT JSON) ${statement.sql}`,
      statement.params,
    );
    const estimate = Math.round(plan.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
    return { value: Math.max(counted, estimate), exact: false };
  };

/** The job's stand-in for a reply: it takes the file's body and hears of each row written. */
export interface ExportRun {
  rowsWritten(rows: number): void;
}
const RUN = Symbol('background export run');
type RunReply = FastifyReply & { [RUN]?: ExportRun };

export const exportRunOf = (reply: FastifyReply): ExportRun | undefined => (reply as RunReply)[RUN];

/**
 * A reply for a handler replayed by the job: headers are ignored (the download sets its own), the
 * language comes from `lang`, and the body is handed to `take`. Only the few members sendExport and
 * sendCopyExport use exist; anything else fails loudly.
 */
export function fileReply(
  language: string,
  run: ExportRun,
  take: (body: NodeJS.ReadableStream) => void,
): FastifyReply {
  const reply: Record<PropertyKey, unknown> = {
    [RUN]: run,
    request: { url: `/?lang=${language}`, headers: {} },
    header: () => reply,
    send: (body: NodeJS.ReadableStream) => {
      take(body);
      return reply;
    },
  };
  return reply as unknown as FastifyReply;
}

/** Counts the rows of an export being written in the background. */
export async function* tallied<Row>(reply: FastifyReply, rows: AsyncIterable<Row>): AsyncGenerator<Row> {
  const run = exportRunOf(reply);
  let n = 0;
  for await (const row of rows) {
    yield row;
    if (run && ++n % 1_000 === 0) run.rowsWritten(n);
  }
  run?.rowsWritten(n);
}

/**
 * Before an export streams: more rows than the threshold (counted no further than it) and this is a
 * member's request, not the job, then the export is enqueued and answered 202 with its record: true.
 * (A boolean, not the reply: a Fastify reply is thenable, and awaiting it waits for the response.)
 */
export async function deferLargeExport(
  reply: FastifyReply,
  file: { format: ExportFormat; fileName: string },
  count: ExportCounter | undefined,
): Promise<boolean> {
  if (exportRunOf(reply) || !count) return false;
  const deferral = reply.request.server && deferrals.get(reply.request.server);
  if (!deferral) return false;
  const total = await count(deferral.threshold);
  if (total.exact && total.value <= deferral.threshold) return false;
  const body = await deferral.defer(reply.request, {
    ...file,
    total: Math.max(total.value, deferral.threshold + 1),
  });
  reply.code(202).header('Cache-Control', 'no-store').send(body);
  return true;
}
