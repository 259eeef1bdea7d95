import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { AppError } from '../lib/app-error.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** What helmet is asked for: its defaults, this CSP and referrer policy, no COEP and no HSTS. */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine sets CSS variables through style attributes and one style element.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
  hsts: false, // set by the TLS-terminating proxy, which knows whether HTTPS is in use
};

/**
 * The headers helmet sets for HELMET_OPTIONS, in its order, asked of it once. @fastify/helmet built
 * helmet's middleware from the options on every request, its CSP text with it (~45 µs a request,
 * docs/decisions/0029-request-cost.md); nothing in them varies by request (no nonces).
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
  };
  let done = false;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return [...headers];
}

/**
 * Security headers for every response, no caching unless a response says otherwise, and a refusal
 * of state changes that a foreign page makes with the browser's cookies (login CSRF included). One
 * hook: the headers go on the raw response first, as helmet's did, so a streamed (hijacked) answer
 * has them too; a route's own Cache-Control replaces the no-store (Fastify writes its headers over
 * the raw ones).
 */
export async function registerSecurity(
  app: FastifyInstance,
  allowedOrigins: readonly string[],
): Promise<void> {
  const fixed = [...securityHeaders(), ['Cache-Control', 'no-store']] as const;

  // Every unsafe method, whatever the path: the raw URL may be percent-encoded (/%61pi/...). The
  // public API's routes are exempt: they take an API key and refuse cookies, so a foreign page has
  // nothing of the browser's to use (decision 0025). The matched route decides, not the URL's text.
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of fixed) raw.setHeader(name, value);
    if (!UNSAFE_METHODS.has(request.method)) return done();
    if ((request.routeOptions.config as { publicEndpoint?: unknown } | undefined)?.publicEndpoint)
      return done();
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const foreignOrigin =
      origin !== undefined && origin !== requestOrigin(request) && !allowedOrigins.includes(origin);
    if (foreignOrigin || fetchSite === 'cross-site') return done(new AppError('FOREIGN_ORIGIN'));
    done();
  });
}
