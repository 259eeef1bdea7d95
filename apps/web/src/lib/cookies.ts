/** Minimal `document.cookie` helpers; `jar` is injectable so the rules can be tested without a DOM. */
export interface CookieJar {
  cookie: string;
}

const browserJar = (): CookieJar => document;

export function readCookie(name: string, jar: CookieJar = browserJar()): string | undefined {
  for (const part of jar.cookie.split(';')) {
    const separator = part.indexOf('=');
    const key = (separator < 0 ? part : part.slice(0, separator)).trim();
    if (key === name) return decodeURIComponent(separator < 0 ? '' : part.slice(separator + 1).trim());
  }
  return undefined;
}

export interface CookieOptions {
  maxAgeDays?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict';
}

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`];
  if (options.maxAgeDays !== undefined) parts.push(`Max-Age=${Math.round(options.maxAgeDays * 86_400)}`);
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  return parts.join('; ');
}

export function writeCookie(name: string, value: string, options?: CookieOptions, jar = browserJar()): void {
  jar.cookie = serializeCookie(name, value, options);
}

/** An expiry in the past makes the browser drop the cookie. */
export function deleteCookie(name: string, path = '/', jar = browserJar()): void {
  jar.cookie = `${name}=; Path=${path}; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
}
