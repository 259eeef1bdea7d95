import { lookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// Addresses a webhook must not reach by default: a URL an integration gives could otherwise probe
// the network Backdesk runs in (loopback, private ranges, link-local cloud metadata).
const privateRanges = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  privateRanges.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  privateRanges.addSubnet(net, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  const mapped = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : null;
  if (mapped && isIP(mapped) === 4) return privateRanges.check(mapped, 'ipv4');
  return privateRanges.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class RefusedAddressError extends Error {
  constructor(address: string) {
    super(`refused private or loopback address ${address}`);
  }
}

/** Resolves the host and checks the address the connection will use, not only the URL's text. */
function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: false }, (err, address, family) => {
      if (err) return callback(err, '', 0);
      if (!allowPrivate && isPrivateAddress(address as string)) {
        return callback(new RefusedAddressError(address as string) as NodeJS.ErrnoException, '', 0);
      }
      callback(null, address as string, family as number);
    });
  };
}

export interface AttemptResult {
  status: number | null;
  ms: number;
  body: string;
  retryAfter: string | null;
  error: string | null;
}

const EXCERPT = 500;

/** One POST, never following a redirect, given up after `timeoutMs`; never throws. */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  { timeoutMs, allowPrivate }: { timeoutMs: number; allowPrivate: boolean },
): Promise<AttemptResult> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve({ status: null, ms: 0, body: '', retryAfter: null, error: 'invalid URL' });
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !allowPrivate && isPrivateAddress(host)) {
      return resolve({
        status: null,
        ms: 0,
        body: '',
        retryAfter: null,
        error: new RefusedAddressError(host).message,
      });
    }
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        lookup: checkedLookup(allowPrivate),
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < EXCERPT) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? null,
            ms: ms(),
            body: Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT),
            retryAfter: (res.headers['retry-after'] as string | undefined) ?? null,
            error: null,
          }),
        );
        res.on('error', (e) =>
          resolve({ status: null, ms: ms(), body: '', retryAfter: null, error: e.message }),
        );
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    req.on('timeout', () => req.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    req.on('error', (e) => resolve({ status: null, ms: ms(), body: '', retryAfter: null, error: e.message }));
    req.on('close', () => clearTimeout(timer));
    req.end(body);
  });
}
