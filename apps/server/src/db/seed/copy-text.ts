/**
 * PostgreSQL COPY text format: columns split by tabs, rows by newlines, NULL written as \N, and
 * backslash, tab, newline and carriage return escaped — the roles column carries literal backslashes.
 */

export type CopyValue = string | number | null;

const SPECIAL = /[\\\t\n\r]/;
const SPECIAL_ALL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

export function copyField(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  return SPECIAL.test(value) ? value.replace(SPECIAL_ALL, (c) => ESCAPES[c]!) : value;
}

export function copyLine(values: readonly CopyValue[]): string {
  let line = copyField(values[0] ?? null);
  for (let i = 1; i < values.length; i++) line += `\t${copyField(values[i]!)}`;
  return `${line}\n`;
}

/** Timestamps go in as UTC ISO text, which timestamptz reads unambiguously. */
export const isoTime = (ms: number): string => new Date(ms).toISOString();
