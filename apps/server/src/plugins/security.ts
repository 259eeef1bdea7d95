import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Security headers for every response, no caching of API answers, and a refusal of state changes
 * that a foreign page makes with the browser's cookies (login CSRF included).
 */
export async function registerSecurity(
  app: FastifyInstance,
  allowedOrigins: readonly string[],
): Promise<void> {
  await app.register(helmet, {
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
  });

  // Every unsafe method, whatever the path: the raw URL may be percent-encoded (/%61pi/...). The
  // public API's routes are exempt: they take an API key and refuse cookies, so a foreign page has
  // nothing of the browser's to use (decision 0025). The matched route decides, not the URL's text.
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    if ((request.routeOptions.config as { publicEndpoint?: unknown } | undefined)?.publicEndpoint) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const foreignOrigin =
      origin !== undefined && origin !== requestOrigin(request) && !allowedOrigins.includes(origin);
    if (foreignOrigin || fetchSite === 'cross-site') {
      throw new AppError('FOREIGN_ORIGIN');
    }
  });

  // Nothing is cached unless it says so: only the web app's files set their own policy.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
