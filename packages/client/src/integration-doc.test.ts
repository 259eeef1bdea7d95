import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  ERROR_CATALOGUE,
  type ErrorCode,
  type PublicEndpointDef,
  publicApi,
  publicEndpointErrorCodes,
} from '@backdesk/contract';
import { describe, expect, it } from 'vitest';
import { INGEST_ITEM_CODES } from './client.ts';

// docs/integration.md's error table is the contract's: every code a public endpoint can answer
// with, and every code of a batch's items, with its status and English text. The table is made
// here; `UPDATE_DOCS=1 npx vitest run packages/client/src/integration-doc.test.ts` writes it.
const DOC = path.resolve(import.meta.dirname, '../../../docs/integration.md');
const START = /<!-- error-codes:start[^>]*-->\n/;
const END = '<!-- error-codes:end -->';

const ENDPOINTS = (Object.values(publicApi) as unknown[]).filter(
  (value): value is PublicEndpointDef =>
    typeof value === 'object' &&
    value !== null &&
    'path' in value &&
    String(value.path).startsWith('/api/v1/'),
);

/** Where a code is answered, short: whole groups by their name, the rest by path. */
const GROUPS: [string, string[]][] = [
  ['`ingest/*`', [...publicApi.INGEST_ENDPOINTS.map((e) => e.path), publicApi.ingestDocument.path]],
  ['`ingest/*` but documents', publicApi.INGEST_ENDPOINTS.map((e) => e.path)],
  ['`checks/*`', [publicApi.checkWithdrawal.path, publicApi.checkP2p.path]],
];
function places(paths: Set<string>): string {
  if (paths.size === ENDPOINTS.length) return 'every call';
  const left = new Set(paths);
  const named: string[] = [];
  for (const [name, group] of GROUPS)
    if (group.every((p) => left.has(p))) {
      named.push(name);
      for (const p of group) left.delete(p);
    }
  return [...named, ...[...left].map((p) => `\`${p.slice('/api/v1/'.length)}\``)].join(', ');
}

function table(): string {
  const where = new Map<ErrorCode, Set<string>>();
  for (const endpoint of ENDPOINTS)
    for (const code of publicEndpointErrorCodes(endpoint))
      where.set(code, (where.get(code) ?? new Set()).add(endpoint.path));
  const items = new Set<ErrorCode>(INGEST_ITEM_CODES);
  const codes = (Object.keys(ERROR_CATALOGUE) as ErrorCode[]).filter((c) => where.has(c) || items.has(c));
  const rows = codes.map((code) => {
    const on = where.get(code);
    const at = [...(on ? [places(on)] : []), ...(items.has(code) ? ['an item of a batch'] : [])];
    const text = ERROR_CATALOGUE[code].message.replaceAll('|', '\\|');
    return `| \`${code}\` | ${ERROR_CATALOGUE[code].status} | ${at.join('; ')} | ${text} |`;
  });
  return ['| Code | HTTP | Where | Message |', '| --- | --- | --- | --- |', ...rows, ''].join('\n');
}

describe('docs/integration.md', () => {
  const doc = readFileSync(DOC, 'utf8');

  it("lists every public error code and every batch item's code, as the contract has them", () => {
    const start = doc.match(START);
    expect(start, 'the error-codes markers').toBeTruthy();
    const from = start!.index! + start![0].length;
    const to = doc.indexOf(END, from);
    const wanted = table();
    if (process.env.UPDATE_DOCS) writeFileSync(DOC, doc.slice(0, from) + wanted + doc.slice(to));
    else expect(doc.slice(from, to), 'run with UPDATE_DOCS=1 to rewrite the table').toBe(wanted);
  });

  it('names every public endpoint', () => {
    expect(ENDPOINTS.length).toBeGreaterThanOrEqual(12);
    for (const endpoint of ENDPOINTS) expect(doc, endpoint.path).toContain(endpoint.path);
  });
});
