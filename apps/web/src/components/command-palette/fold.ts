/**
 * Text as the palette compares it: Turkish capitals lowered the Turkish way (İ → i, I → ı), then
 * dotless ı and every accent dropped, so "istanbul", "İSTANBUL" and "ıstanbul" all meet, and
 * "musteri" finds "Müşteri".
 */
export function fold(text: string): string {
  return text
    .replace(/İ/g, 'i')
    .replace(/I/g, 'ı')
    .toLowerCase()
    .replace(/ı/g, 'i')
    .normalize('NFD')
    .replace(/\p{M}/gu, '');
}

/** Whether every word of the query is found in the text (any order). */
export function matchesWords(text: string, query: string): boolean {
  const haystack = fold(text);
  return fold(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** What a query can name besides words: an id, a transaction hash. */
export const looksLikeId = (query: string): boolean => /^\d{1,15}$/.test(query.trim());
export const looksLikeHash = (query: string): boolean => /^(0x)?[0-9a-zA-Z]{16,200}$/.test(query.trim());
