/**
 * A quick look at a chosen file before it is sent, so an obvious mistake is said at once. The server
 * decides (docs/decisions/0010-document-intake.md): this only reads the first bytes the way it does.
 */
export type PrecheckIssue =
  | { code: 'empty' }
  | { code: 'tooLarge'; size: number; limit: number }
  | { code: 'wrongType' };

const ascii = (bytes: Uint8Array, from: number, text: string) =>
  [...text].every((char, i) => bytes[from + i] === char.charCodeAt(0));

/** Whether the first bytes are those of a JPEG, PNG, WebP, HEIC or PDF file. */
export function acceptedSignature(head: Uint8Array): boolean {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return true;
  if (head[0] === 0x89 && ascii(head, 1, 'PNG')) return true;
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return true;
  if (
    ascii(head, 4, 'ftyp') &&
    ['heic', 'heix', 'mif1', 'msf1', 'heim', 'heis'].some((b) => ascii(head, 8, b))
  )
    return true;
  return ascii(head, 0, '%PDF-');
}

export async function precheckFile(file: Blob, limit: number): Promise<PrecheckIssue | null> {
  if (file.size === 0) return { code: 'empty' };
  if (file.size > limit) return { code: 'tooLarge', size: file.size, limit };
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  return acceptedSignature(head) ? null : { code: 'wrongType' };
}
