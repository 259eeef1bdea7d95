import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// A test that runs in English and in Turkish reads what it looks for from the locale files, so the
// Turkish run checks the Turkish texts the screen must show (and a changed text changes both runs).

export type Language = 'en' | 'tr';

const cache = new Map<string, unknown>();
function namespace(lang: Language, ns: string): unknown {
  const key = `${lang}/${ns}`;
  if (!cache.has(key))
    cache.set(
      key,
      JSON.parse(readFileSync(fileURLToPath(new URL(`../src/locales/${key}.json`, import.meta.url)), 'utf8')),
    );
  return cache.get(key);
}

/** The text of `ns:path.to.key` in `lang`, its `{{placeholders}}` filled; a missing key throws. */
export function catalogue(lang: Language) {
  return (key: string, params: Record<string, string | number> = {}): string => {
    const [ns, path] = key.split(':') as [string, string];
    let node = namespace(lang, ns);
    for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node !== 'string') throw new Error(`No text ${key} in ${lang}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
      if (!(name in params)) throw new Error(`${key} needs {{${name}}}`);
      return String(params[name]);
    });
  };
}
