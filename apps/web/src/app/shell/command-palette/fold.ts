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

/** What a query can name besides words: an id, a transaction hash, a phone number, a trade's guid. */
export const looksLikeId = (query: string): boolean => /^\d{1,15}$/.test(query.trim());
/** Digits (three or more, what the server's phone filter takes) with a phone number's usual signs. */
export const looksLikePhone = (query: string): boolean =>
  /^\+?[\d ().-]+$/.test(query.trim()) && query.replace(/\D/g, '').length >= 3;
export const looksLikeGuid = (query: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(query.trim());
export const looksLikeHash = (query: string): boolean => /^(0x)?[0-9a-zA-Z]{16,200}$/.test(query.trim());
