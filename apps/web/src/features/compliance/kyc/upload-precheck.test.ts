import { describe, expect, it } from 'vitest';
import { acceptedSignature, precheckFile } from './upload-precheck.ts';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('upload pre-check', () => {
  it('knows the accepted types by their first bytes', () => {
    expect(acceptedSignature(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(acceptedSignature(bytes([0x89], 'PNG', [13, 10, 26, 10]))).toBe(true);
    expect(acceptedSignature(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe(true);
    expect(acceptedSignature(bytes([0, 0, 0, 24], 'ftypheic'))).toBe(true);
    expect(acceptedSignature(bytes('%PDF-1.7'))).toBe(true);
  });

  it('refuses SVG, HTML and a renamed text file', () => {
    expect(acceptedSignature(bytes('<svg xmlns="http'))).toBe(false);
    expect(acceptedSignature(bytes('<!DOCTYPE html>'))).toBe(false);
    expect(acceptedSignature(bytes('hello, world'))).toBe(false);
  });

  it('says empty, too large and wrong type before sending', async () => {
    expect(await precheckFile(new Blob([]), 100)).toEqual({ code: 'empty' });
    expect(await precheckFile(new Blob(['%PDF-1.4 xxxxxxxx']), 4)).toEqual({
      code: 'tooLarge',
      size: 17,
      limit: 4,
    });
    expect(await precheckFile(new Blob(['<svg></svg>']), 100)).toEqual({ code: 'wrongType' });
    expect(await precheckFile(new Blob(['%PDF-1.4']), 100)).toBeNull();
  });
});
