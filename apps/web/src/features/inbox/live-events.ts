import { EVENTS_STREAM_PATH } from '@backdesk/contract/inbox/keys';
import type { QueryClient } from '@tanstack/react-query';
import { inboxSummaryQuery } from './inbox-api.ts';

/** One live event as the server streams it (modules/events on the server). */
export interface LiveEvent {
  id?: number;
  /** `reset`: the stream could not replay what was missed; everything shown is reloaded. */
  topic: string;
  data?: Record<string, unknown>;
}

/** The cached queries each topic makes stale: open lists refresh when their data changes. */
const STALE_BY_TOPIC: Record<string, readonly (readonly string[])[]> = {
  inbox: [['inbox']],
  queues: [['inbox', 'queues']],
  withdrawals: [['transactions', 'wallet'], ['transactions', 'overview'], ['dashboard']],
  p2p: [['transactions', 'p2p'], ['transactions', 'overview'], ['dashboard']],
  approvals: [['transactions', 'wallet'], ['approvals']],
  kyc: [['compliance'], ['dashboard']],
  fraud: [['fraud'], ['compliance'], ['dashboard']],
};

/** Invalidations of one topic are gathered this long, so a burst of events refetches once. */
const COALESCE_MS = 250;
const MAX_RETRY_MS = 30_000;

type Listener = (event: LiveEvent) => void;

/**
 * The tab's one EventSource. The browser reconnects by itself after a network fault, sending
 * Last-Event-ID; when the server refused the stream (an expired session, a node shutting down) it
 * is opened again here, after the session is refreshed, from the last id seen.
 */
function createLiveEvents() {
  const listeners = new Set<Listener>();
  const seen = new Set<number>();
  let source: EventSource | null = null;
  let users = 0;
  let lastId: number | null = null;
  let retryMs = 1000;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let client: QueryClient | null = null;
  const pending = new Map<string, ReturnType<typeof setTimeout>>();

  function invalidate(topic: string): void {
    if (!client || pending.has(topic)) return;
    pending.set(
      topic,
      setTimeout(() => {
        pending.delete(topic);
        const keys = topic === 'reset' ? [[]] : (STALE_BY_TOPIC[topic] ?? []);
        for (const queryKey of keys) void client?.invalidateQueries({ queryKey });
      }, COALESCE_MS),
    );
  }

  function receive(message: MessageEvent<string>): void {
    const id = message.lastEventId ? Number(message.lastEventId) : null;
    if (id !== null) {
      // The server's replay may repeat an event of the last seconds: once is enough.
      if (seen.has(id)) return;
      seen.add(id);
      if (seen.size > 1000) seen.delete(seen.values().next().value as number);
      lastId = Math.max(lastId ?? 0, id);
    }
    let event: LiveEvent;
    try {
      event = JSON.parse(message.data) as LiveEvent;
    } catch {
      return;
    }
    retryMs = 1000;
    invalidate(event.topic);
    for (const listener of listeners) listener(event);
  }

  function open(): void {
    const url = lastId === null ? EVENTS_STREAM_PATH : `${EVENTS_STREAM_PATH}?last=${lastId}`;
    const next = new EventSource(url, { withCredentials: true });
    source = next;
    next.onmessage = receive;
    next.onerror = () => {
      if (next.readyState !== EventSource.CLOSED || source !== next) return;
      source = null;
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        if (users === 0) return;
        // Through the ordinary API call, which renews an expired session; then from the last id.
        void client
          ?.fetchQuery({ ...inboxSummaryQuery, staleTime: 0 })
          .catch(() => {})
          .finally(() => users > 0 && !source && open());
      }, retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    };
  }

  return {
    /** Starts the stream for a signed-in page; the returned function stops it when nobody uses it. */
    start(queryClient: QueryClient): () => void {
      client = queryClient;
      users++;
      if (!source && !retryTimer && typeof EventSource !== 'undefined') open();
      return () => {
        users--;
        if (users > 0) return;
        source?.close();
        source = null;
        clearTimeout(retryTimer);
        retryTimer = undefined;
      };
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const liveEvents = createLiveEvents();
