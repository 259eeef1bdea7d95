import type { AcceptedContentType } from './intake.ts';

/** How many leading bytes `sniffType` needs. */
export const SNIFF_BYTES = 64;

/** Still-image HEVC brands; image sequences (hevc, hevx, msf1) keep metadata elsewhere and are not accepted. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis']);

const startsWith = (head: Buffer, signature: number[], at = 0) =>
  head.length >= at + signature.length && signature.every((byte, i) => head[at + i] === byte);

const ascii = (head: Buffer, from: number, to: number) => head.subarray(from, to).toString('latin1');

/**
 * The file's type from its first bytes only: the name and the client's Content-Type are never
 * trusted. Anything not recognised (SVG, HTML, AVIF, a renamed executable…) is undefined.
 */
export function sniffType(head: Buffer): AcceptedContentType | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  // A PDF must open with its header: a leading HTML page would make a polyglot.
  if (ascii(head, 0, 5) === '%PDF-') return 'application/pdf';
  if (ascii(head, 4, 8) === 'ftyp' && isHeic(head)) return 'image/heic';
  return undefined;
}

/** ISO-BMFF `ftyp`: the major brand or, for the generic `mif1`, a compatible brand says HEVC. */
function isHeic(head: Buffer): boolean {
  const boxSize = head.readUInt32BE(0);
  const major = ascii(head, 8, 12);
  if (HEIC_BRANDS.has(major)) return true;
  if (major !== 'mif1') return false;
  const end = Math.min(boxSize, head.length);
  const brands: string[] = [];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(head, at, at + 4));
  // An AVIF also says mif1; it is not on the accepted list.
  return brands.some((b) => HEIC_BRANDS.has(b)) && !brands.includes('avif');
}
