/*
 * Server-Timing (W3C): durations the server measured itself, sent with the answer, so a client (a
 * bench, the exchange's own monitoring) reads the part it asks about apart from the network and the
 * rest of the request — not as a difference of two end-to-end times.
 */

/** A metric name is an HTTP token: letters, digits and `!#$%&'*+-.^_`|~`. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

export interface ServerTiming {
  /** Adds `ms` to the metric `name` (a part measured twice counts once, summed). */
  add(name: string, ms: number): void;
  /** `name;dur=1.234, …` in the order first added; undefined when nothing was measured. */
  header(): string | undefined;
}

export function createServerTiming(): ServerTiming {
  const metrics = new Map<string, number>();
  return {
    add(name, ms) {
      if (!TOKEN.test(name)) throw new Error(`Server-Timing metric ${JSON.stringify(name)} is not a token`);
      metrics.set(name, (metrics.get(name) ?? 0) + ms);
    },
    header() {
      if (metrics.size === 0) return undefined;
      // Microseconds are what a pure function's cost is read in; more digits would be noise.
      return [...metrics].map(([name, ms]) => `${name};dur=${ms.toFixed(3)}`).join(', ');
    },
  };
}

/** The durations of a Server-Timing header, by name (metrics without `dur` are left out). */
export function parseServerTiming(header: string | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const metric of (header ?? '').split(',')) {
    const [name, ...params] = metric.split(';').map((p) => p.trim());
    if (!name) continue;
    for (const param of params) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() !== 'dur' || value === undefined) continue;
      const ms = Number(value.trim().replace(/^"|"$/g, ''));
      if (Number.isFinite(ms)) out.set(name, ms);
    }
  }
  return out;
}
