// Country names as lists write them ("Turkey", "Türkiye", "Iran (Islamic Republic of)") to ISO 3166
// alpha-2 codes, so a customer's nationality (a code) can agree or disagree with an entry's. Built from
// the runtime's own region names rather than a table kept by hand.
import { foldName } from './names.ts';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function buildIndex(): Map<string, string> {
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const turkish = new Intl.DisplayNames(['tr'], { type: 'region' });
  const index = new Map<string, string>();
  for (const a of LETTERS) {
    for (const b of LETTERS) {
      const code = `${a}${b}`;
      let name: string | undefined;
      try {
        name = names.of(code);
      } catch {
        continue;
      }
      if (!name || name === code) continue;
      index.set(foldName(name), code);
      const local = turkish.of(code);
      if (local && local !== code) index.set(foldName(local), code);
    }
  }
  // Older and official spellings the lists still use.
  for (const [name, code] of [
    ['turkey', 'TR'],
    ['iran islamic republic of', 'IR'],
    ['syrian arab republic', 'SY'],
    ['russian federation', 'RU'],
    ['democratic people s republic of korea', 'KP'],
    ['united kingdom of great britain and northern ireland', 'GB'],
    ['united states of america', 'US'],
  ] as const)
    index.set(name, code);
  return index;
}

let index: Map<string, string> | null = null;

/** The ISO code of a country named in a list, or null when the words name none we know. */
export function countryCode(text: string): string | null {
  const trimmed = text.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) return trimmed.toUpperCase();
  index ??= buildIndex();
  return index.get(foldName(trimmed)) ?? null;
}
