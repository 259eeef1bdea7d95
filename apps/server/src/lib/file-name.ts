/**
 * A file name as a client sent it, made safe to store and to show: its last path segment, in NFC,
 * without control, format or lone surrogate characters (PostgreSQL refuses a NUL in text; others
 * would hide in a list) or double quotes (they end a Content-Disposition name), at most `max`
 * characters. Undefined when nothing is left.
 */
export function cleanFileName(name: string | undefined, max: number): string | undefined {
  const cleaned = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}"]/gu, '')
    .trim()
    .slice(0, max)
    .trim();
  return cleaned || undefined;
}
