import { monitorEventLoopDelay } from 'node:perf_hooks';

type Read = () => number | Promise<number>;

/** Upper bounds of the request-time buckets, in seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Histogram {
  counts: number[];
  sum: number;
  count: number;
}

const escapeLabel = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const labels = (pairs: Record<string, string>) =>
  `{${Object.entries(pairs)
    .map(([k, v]) => `${k}="${escapeLabel(v)}"`)
    .join(',')}}`;

/**
 * The node's metrics in Prometheus' text format: gauges read at each scrape (pool use, queue depth,
 * SSE clients — whoever registers one), request time by route, event-loop delay. Per node by nature:
 * Prometheus scrapes each node and sums.
 */
export function createMetrics() {
  const gauges = new Map<string, { help: string; read: Read }>();
  const requests = new Map<string, Histogram>();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();

  return {
    /** A value read at each scrape; name it backdesk_… in snake case. */
    gauge(name: string, help: string, read: Read): void {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`metric name ${name} is not snake case`);
      gauges.set(name, { help, read });
    },

    /** One answered request: its route pattern (never the raw URL: ids would explode the series). */
    observeRequest(method: string, route: string, status: number, seconds: number): void {
      const key = JSON.stringify([method, route, String(Math.floor(status / 100))]);
      let h = requests.get(key);
      if (!h) {
        h = { counts: BUCKETS.map(() => 0), sum: 0, count: 0 };
        requests.set(key, h);
      }
      for (let i = 0; i < BUCKETS.length; i++) if (seconds <= BUCKETS[i]!) h.counts[i]! += 1;
      h.sum += seconds;
      h.count += 1;
    },

    async render(): Promise<string> {
      const out: string[] = [];
      for (const [name, { help, read }] of gauges) {
        const value = await Promise.resolve()
          .then(read)
          .catch(() => Number.NaN);
        out.push(`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, `${name} ${value}`);
      }
      const q = (p: number) => Math.max(0, loop.percentile(p) / 1e9 - 0.01);
      out.push(
        '# HELP backdesk_event_loop_delay_seconds Event-loop delay beyond the 10 ms sampling timer',
        '# TYPE backdesk_event_loop_delay_seconds gauge',
        `backdesk_event_loop_delay_seconds${labels({ quantile: '0.5' })} ${q(50)}`,
        `backdesk_event_loop_delay_seconds${labels({ quantile: '0.99' })} ${q(99)}`,
        `backdesk_event_loop_delay_seconds${labels({ quantile: '1' })} ${Math.max(0, loop.max / 1e9 - 0.01)}`,
      );
      const name = 'backdesk_http_request_duration_seconds';
      out.push(`# HELP ${name} Time to answer a request, by route`, `# TYPE ${name} histogram`);
      for (const [key, h] of requests) {
        const [method, route, status] = JSON.parse(key) as [string, string, string];
        const base = { method, route, status: `${status}xx` };
        BUCKETS.forEach((le, i) => {
          out.push(`${name}_bucket${labels({ ...base, le: String(le) })} ${h.counts[i]}`);
        });
        out.push(`${name}_bucket${labels({ ...base, le: '+Inf' })} ${h.count}`);
        out.push(`${name}_sum${labels(base)} ${h.sum}`, `${name}_count${labels(base)} ${h.count}`);
      }
      return `${out.join('\n')}\n`;
    },

    close(): void {
      loop.disable();
    },
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
