import { describe, expect, it } from 'vitest';
import { isMalformed, parseBatch } from './ingest-parse.ts';

const codeOf = async (work: Promise<unknown>) => {
  try {
    await work;
    return 'none';
  } catch (err) {
    return (err as { code?: string }).code;
  }
};

describe('batch bodies', () => {
  it('reads one object, a JSON array, and NDJSON with blank lines and CRLF', async () => {
    expect(await parseBatch('{"a":1}', 'json', 10)).toEqual({ items: [{ a: 1 }], single: true });
    expect((await parseBatch(' [ {"a":"x,]}"}, {"b":[1,{"c":2}]} ,3] ', 'json', 10)).items).toEqual([
      { a: 'x,]}' },
      { b: [1, { c: 2 }] },
      3,
    ]);
    expect((await parseBatch('[]', 'json', 10)).items).toEqual([]);
    expect((await parseBatch('{"a":1}\r\n\n{"a":"\\"2"}\n', 'ndjson', 10)).items).toEqual([
      { a: 1 },
      { a: '"2' },
    ]);
  });

  it('answers a malformed NDJSON line on its own, by its line number', async () => {
    const { items } = await parseBatch('{"a":1}\n{"a":\n\n{"a":3}', 'ndjson', 10);
    expect(items[0]).toEqual({ a: 1 });
    expect(isMalformed(items[1]) && items[1].malformed).toBe('Line 2 is not valid JSON');
    expect(items[2]).toEqual({ a: 3 });
  });

  it('refuses a broken JSON body whole, and more items than the limit before parsing any', async () => {
    for (const body of ['[1,', '[1,,2]', '[,1]', '[1,]', '[{"a":1}} ]', '[1] x', '{"a":', 'nope'])
      expect(await codeOf(parseBatch(body, 'json', 10)), body).toBe('MALFORMED_BODY');
    expect(await codeOf(parseBatch('\n \n', 'ndjson', 10))).toBe('MALFORMED_BODY');
    expect(await codeOf(parseBatch(`[${'1,'.repeat(10)}1]`, 'json', 10))).toBe('BATCH_TOO_LARGE');
    expect(await codeOf(parseBatch('{}\n'.repeat(11), 'ndjson', 10))).toBe('BATCH_TOO_LARGE');
    expect((await parseBatch(`[${'1,'.repeat(9)}1]`, 'json', 10)).items).toHaveLength(10);
  });

  it('parses 10,000 items in slices, yielding to the event loop between them', async () => {
    const body = `[${Array.from({ length: 10_000 }, (_, i) => JSON.stringify({ i, s: 'x'.repeat(100) })).join(',')}]`;
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const { items } = await parseBatch(body, 'json', 10_000);
    clearInterval(timer);
    expect(items).toHaveLength(10_000);
    expect(items[9_999]).toEqual({ i: 9_999, s: 'x'.repeat(100) });
    // Timers ran while the batch was parsed: the loop was never held for the whole body.
    expect(ticks).toBeGreaterThan(0);
  });
});
