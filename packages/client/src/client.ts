import {
  type CheckAnswer,
  type ErrorCode,
  INGEST_BATCH_LIMIT,
  type IngestItemResult,
  type IngestResponse,
  NDJSON,
  publicApi,
} from '@backdesk/contract';
import { CHECK_CLIENT_TIMEOUT_MS } from '@backdesk/contract/public';
import type { z } from 'zod';
import { BackdeskError } from './errors.ts';
import { createTransport, DEFAULT_RETRY, type RetryOptions } from './transport.ts';

export interface BackdeskClientOptions {
  /** Where Backdesk answers, such as https://backdesk.example.com (no /api/v1). */
  baseUrl: string;
  /** The integration's key, `bdk_…` (Settings → Integrations). */
  apiKey: string;
  /** Per attempt, for every call but the checks (30 s by default). */
  timeoutMs?: number;
  /** The checks' deadline, after which they fail closed (CHECK_CLIENT_TIMEOUT_MS, 2 s, by default). */
  checkTimeoutMs?: number;
  retry?: Partial<RetryOptions>;
  /** Another fetch (a proxy agent, a test double); the global one by default. */
  fetch?: typeof fetch;
}

/** A batch of more items than this goes as NDJSON: the server cuts it into items without parsing it whole. */
export const NDJSON_FROM_ITEMS = 1000;

export type IngestFormat = 'auto' | 'json' | 'ndjson';
export interface IngestOptions {
  /** The same key for a retry of the same batch: Backdesk applies it once. Generated when not given. */
  idempotencyKey?: string;
  /** `auto`: NDJSON from NDJSON_FROM_ITEMS items, a JSON array below, one object as itself. */
  format?: IngestFormat;
  signal?: AbortSignal;
}

/** Every code an item of a batch can be refused with (`results[i].code`). */
export const INGEST_ITEM_CODES = [
  'INVALID_TEXT',
  'INGEST_MALFORMED_LINE',
  'INGEST_UNKNOWN_VALUE',
  'INGEST_INVALID_DECIMAL',
  'INGEST_AMOUNT_PRECISION',
  'INGEST_UNKNOWN_FIELD',
  'INGEST_INVALID_ITEM',
  'INGEST_DUPLICATE_KEY',
  'INGEST_ITEM_NOT_STORED',
  'CUSTOMER_UNKNOWN',
  'P2P_OFFER_UNKNOWN',
  'STAFF_EDIT_PENDING',
  'WITHDRAWAL_UNDER_REVIEW',
] as const satisfies readonly ErrorCode[];
export type IngestItemCode = (typeof INGEST_ITEM_CODES)[number];

/** One item's answer, its refusal code typed. */
export type IngestResult = Omit<IngestItemResult, 'code'> & { code?: IngestItemCode };
export type IngestAnswer = Omit<IngestResponse, 'results'> & { results: IngestResult[] };

type IngestEndpoint = (typeof publicApi.INGEST_ENDPOINTS)[number];
/** What one item of an ingestion endpoint is, as the contract has it. */
type ItemOf<E extends IngestEndpoint> = Exclude<z.input<E['body']>, readonly unknown[]>;

/**
 * The answer of a check, or the fail-closed default (CHECK_FAIL_CLOSED): no 200 within the check's
 * deadline, a refused connection, any 4xx or 5xx → `review`, never `allow`. `error` says why, to log.
 */
export type CheckResult =
  | (CheckAnswer & { failedClosed: false })
  | {
      failedClosed: true;
      decision: 'review';
      checkId: null;
      reasons: [];
      reviewId: null;
      error: BackdeskError;
    };

export interface CheckOptions {
  signal?: AbortSignal;
}

export type EventsPage = z.output<typeof publicApi.events.response>;
export interface FeedOptions {
  /** The `next` of an earlier page; the feed's start without it. */
  after?: string;
  /** Events a page, 1 to 1000 (100 by default). */
  limit?: number;
  /** Keep polling once caught up, every pollIntervalMs (5 s by default), until the signal aborts. */
  follow?: boolean;
  pollIntervalMs?: number;
  signal?: AbortSignal;
}

const idle = (ms: number, signal?: AbortSignal) =>
  new Promise<boolean>((resolve) => {
    if (signal?.aborted) return resolve(false);
    const timer = setTimeout(() => resolve(true), ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve(false);
      },
      { once: true },
    );
  });

/**
 * The exchange's client of Backdesk's public API (docs/integration.md), typed by the contract's
 * descriptors: ingestion, the real-time checks with their fail-closed default, and the events feed.
 */
export function createBackdeskClient(options: BackdeskClientOptions) {
  const transport = createTransport({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs ?? 30_000,
    retry: { ...DEFAULT_RETRY, ...options.retry },
    fetch: options.fetch ?? globalThis.fetch,
  });
  const checkTimeoutMs = options.checkTimeoutMs ?? CHECK_CLIENT_TIMEOUT_MS;

  const ingest =
    <E extends IngestEndpoint>(endpoint: E) =>
    async (items: ItemOf<E> | readonly ItemOf<E>[], call: IngestOptions = {}): Promise<IngestAnswer> => {
      const batch = Array.isArray(items);
      if (batch && items.length > INGEST_BATCH_LIMIT)
        throw new BackdeskError(
          'BATCH_TOO_LARGE',
          `A batch may hold at most ${INGEST_BATCH_LIMIT} items; this one has ${items.length}`,
          { params: { limit: INGEST_BATCH_LIMIT } },
        );
      const format = call.format ?? 'auto';
      const ndjson =
        batch && (format === 'ndjson' || (format === 'auto' && items.length >= NDJSON_FROM_ITEMS));
      const body = ndjson
        ? {
            text: (items as readonly unknown[]).map((item) => JSON.stringify(item)).join('\n'),
            contentType: NDJSON,
          }
        : { text: JSON.stringify(items), contentType: 'application/json' };
      return transport.request({
        method: 'POST',
        path: endpoint.path,
        body,
        response: endpoint.response,
        retry: 'idempotent',
        idempotencyKey: call.idempotencyKey,
        signal: call.signal,
      }) as Promise<IngestAnswer>;
    };

  /** A check within its deadline, failing closed; retried while the deadline lasts (it is safe). */
  async function check<E extends typeof publicApi.checkWithdrawal | typeof publicApi.checkP2p>(
    endpoint: E,
    body: z.input<E['body']>,
    call: CheckOptions,
  ): Promise<CheckResult> {
    const deadline = AbortSignal.timeout(checkTimeoutMs);
    try {
      const answer = await transport.request({
        method: 'POST',
        path: endpoint.path,
        body: { text: JSON.stringify(body), contentType: 'application/json' },
        response: endpoint.response,
        retry: 'safe',
        timeoutMs: checkTimeoutMs,
        signal: call.signal ? AbortSignal.any([call.signal, deadline]) : deadline,
      });
      return { ...answer, failedClosed: false };
    } catch (cause) {
      if (call.signal?.aborted) throw cause;
      const error =
        cause instanceof BackdeskError
          ? cause
          : new BackdeskError('TIMEOUT', `No answer from Backdesk within ${checkTimeoutMs} ms`, { cause });
      return { failedClosed: true, decision: 'review', checkId: null, reasons: [], reviewId: null, error };
    }
  }

  const eventsPage = (query: { after?: string; limit?: number } = {}, signal?: AbortSignal) =>
    transport.request({
      method: 'GET',
      path: publicApi.events.path,
      query: { after: query.after, limit: query.limit },
      response: publicApi.events.response,
      retry: 'safe',
      signal,
    });

  /** Pages from `after` on; store each page's `next` once its events are handled, to resume there. */
  async function* eventPages(feed: FeedOptions = {}): AsyncGenerator<EventsPage> {
    let after = feed.after;
    for (;;) {
      const page = await eventsPage({ after, limit: feed.limit }, feed.signal);
      after = page.next;
      if (page.events.length) yield page;
      if (page.hasMore) continue;
      if (!feed.follow || !(await idle(feed.pollIntervalMs ?? 5000, feed.signal))) return;
    }
  }

  return {
    /** The integration this key belongs to, its scopes and the key's expiry. */
    whoami: () =>
      transport.request({
        method: 'GET',
        path: publicApi.whoami.path,
        response: publicApi.whoami.response,
        retry: 'safe',
      }),
    ingest: {
      assets: ingest(publicApi.ingestAssets),
      rates: ingest(publicApi.ingestRates),
      customers: ingest(publicApi.ingestCustomers),
      signIns: ingest(publicApi.ingestSignIns),
      walletTransactions: ingest(publicApi.ingestWalletTransactions),
      p2pOffers: ingest(publicApi.ingestP2pOffers),
      p2pTrades: ingest(publicApi.ingestP2pTrades),
      balances: ingest(publicApi.ingestBalances),
      /** A KYC document: its bytes and what it is; the same file again while pending answers `created: false`. */
      document: (
        query: z.input<typeof publicApi.ingestDocument.query>,
        file: { data: Blob | Uint8Array; fileName: string; type?: string },
        call: Omit<IngestOptions, 'format'> = {},
      ) => {
        const form = new FormData();
        const blob =
          file.data instanceof Blob
            ? file.data
            : new Blob([file.data as Uint8Array<ArrayBuffer>], {
                type: file.type ?? 'application/octet-stream',
              });
        form.set(publicApi.ingestDocument.multipart.file, blob, file.fileName);
        return transport.request({
          method: 'POST',
          path: publicApi.ingestDocument.path,
          query,
          body: { form },
          response: publicApi.ingestDocument.response,
          retry: 'idempotent',
          idempotencyKey: call.idempotencyKey,
          signal: call.signal,
        });
      },
    },
    /** Ask before sending a withdrawal; fails closed (`review`) without a 200 in time. */
    checkWithdrawal: (body: z.input<typeof publicApi.checkWithdrawal.body>, call: CheckOptions = {}) =>
      check(publicApi.checkWithdrawal, body, call),
    /** Ask before opening a P2P trade; fails closed (`review`) without a 200 in time. */
    checkP2p: (body: z.input<typeof publicApi.checkP2p.body>, call: CheckOptions = {}) =>
      check(publicApi.checkP2p, body, call),
    /** One page of the events feed. */
    events: (query: { after?: string; limit?: number } = {}, call: { signal?: AbortSignal } = {}) =>
      eventsPage(query, call.signal),
    eventPages,
    /** Every event from `after` on, one at a time (see eventPages for where to resume). */
    async *eachEvent(feed: FeedOptions = {}) {
      for await (const page of eventPages(feed)) yield* page.events;
    },
  };
}
export type BackdeskClient = ReturnType<typeof createBackdeskClient>;
