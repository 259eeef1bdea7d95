import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { AppError } from '../../../lib/app-error.ts';

/**
 * A batch body read into items without holding the event loop (decision 0025, "Ingestion"): the
 * real-time checks answer on the same loop, so a 10,000-item body is cut and parsed a slice at a
 * time, yielding between slices, instead of one JSON.parse of megabytes.
 */

/** An NDJSON line that is not JSON: answered on its own, the other lines go on. */
export interface MalformedItem {
  malformed: string;
}
class Malformed implements MalformedItem {
  constructor(readonly malformed: string) {}
}
export const isMalformed = (item: unknown): item is MalformedItem => item instanceof Malformed;

export type BodyFormat = 'json' | 'ndjson';

/** Items parsed between two yields to the event loop. */
const SLICE = 500;

/** Thrown when a batch holds more items than allowed; the request is refused whole (413). */
const tooLarge = (limit: number) => new AppError('BATCH_TOO_LARGE', { limit });

/**
 * The items of a body: an NDJSON body line by line (a blank line is skipped, a bad one becomes a
 * MalformedItem), a JSON body as one object or an array of them (a body that is not JSON is refused
 * whole: MALFORMED_BODY). More than `limit` items: BATCH_TOO_LARGE before any is parsed.
 */
export async function parseBatch(
  text: string,
  format: BodyFormat,
  limit: number,
): Promise<{ items: unknown[]; single: boolean }> {
  const pieces = format === 'ndjson' ? ndjsonLines(text) : jsonElements(text);
  if (pieces === 'single') return { items: [parseWhole(text)], single: true };
  if (pieces.length > limit) throw tooLarge(limit);
  const items: unknown[] = new Array(pieces.length);
  for (let start = 0; start < pieces.length; start += SLICE) {
    if (start > 0) await yieldToLoop();
    const end = Math.min(pieces.length, start + SLICE);
    for (let i = start; i < end; i++) {
      const piece = pieces[i]!;
      try {
        items[i] = JSON.parse(text.slice(piece[0], piece[1]));
      } catch {
        if (format === 'json') throw new AppError('MALFORMED_BODY');
        items[i] = new Malformed(`Line ${piece[2] + 1} is not valid JSON`);
      }
    }
  }
  return { items, single: false };
}

function parseWhole(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('MALFORMED_BODY');
  }
}

/** [start, end, line number] of each non-blank line. */
function ndjsonLines(text: string): Array<[number, number, number]> {
  const lines: Array<[number, number, number]> = [];
  let start = 0;
  let line = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const stop = end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end; // CRLF
    if (text.slice(start, stop).trim() !== '') lines.push([start, stop, line]);
    line++;
    start = end + 1;
  }
  if (lines.length === 0) throw new AppError('MALFORMED_BODY');
  return lines;
}

/**
 * [start, end, index] of each element of a top-level JSON array, found by one scan that follows
 * strings and nesting (no parse); 'single' when the body is not an array. A body that does not close
 * is refused (MALFORMED_BODY); an element's own syntax is checked when it is parsed.
 */
function jsonElements(text: string): Array<[number, number, number]> | 'single' {
  let i = 0;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  if (text[i] !== '[') return 'single';
  const elements: Array<[number, number, number]> = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (i = i + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) {
      inString = true;
      if (start < 0) start = i;
    } else if (c === 123 || c === 91) {
      if (start < 0) start = i;
      depth++;
    } else if (c === 125 || c === 93) {
      if (depth === 0) {
        if (c !== 93) throw new AppError('MALFORMED_BODY');
        if (start >= 0) elements.push([start, i, elements.length]);
        else if (elements.length > 0) throw new AppError('MALFORMED_BODY'); // [1,]
        for (i = i + 1; i < text.length; i++)
          if (!isSpace(text.charCodeAt(i))) throw new AppError('MALFORMED_BODY');
        return elements;
      }
      depth--;
    } else if (c === 44 && depth === 0) {
      if (start < 0) throw new AppError('MALFORMED_BODY'); // [,1] or [1,,2]
      elements.push([start, i, elements.length]);
      start = -1;
    } else if (start < 0 && !isSpace(c)) start = i;
  }
  throw new AppError('MALFORMED_BODY');
}

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;
