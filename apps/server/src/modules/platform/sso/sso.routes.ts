import { authApi } from '@backdesk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { requestContext, setAuthCookies } from '../auth/auth-cookies.ts';
import type { SsoService } from './sso.service.ts';

const CALLBACK = authApi.finishSso.path;
/** The sign-in page, told why (its text in the member's language comes from the code). */
const backToLogin = (reply: FastifyReply, error: unknown) => {
  if (!(error instanceof AppError)) throw error;
  return reply.redirect(`/login?sso_error=${encodeURIComponent(error.code)}`, 302);
};

/**
 * Single sign-on's browser steps (docs/sso.md): the providers for the sign-in page, the start that
 * sends the browser to a provider, and the callback that signs the member in. The callback's address
 * is the one redirect URI to register at every provider.
 */
export function registerSsoRoutes(
  app: FastifyInstance,
  opts: {
    service: SsoService;
    passwordAllowed: boolean;
    cookieSecure: boolean;
    perMinute: number;
    clock: Clock;
    publicOrigin: string | undefined;
  },
): void {
  const { service } = opts;
  const limited = { perMinute: opts.perMinute };
  const origin = (request: FastifyRequest) => opts.publicOrigin ?? `${request.protocol}://${request.host}`;
  const callbackUrl = (request: FastifyRequest) => `${origin(request)}${CALLBACK}`;

  registerEndpoint(app, authApi.listSsoProviders, async () => ({
    items: service.list(),
    password: opts.passwordAllowed,
  }));

  registerEndpoint(
    app,
    authApi.startSso,
    async ({ query, request, reply }) => {
      try {
        return reply.redirect(await service.start(query.provider, callbackUrl(request)), 302);
      } catch (error) {
        return backToLogin(reply, error);
      }
    },
    limited,
  );

  registerEndpoint(
    app,
    authApi.finishSso,
    async ({ query, request, reply }) => {
      try {
        const tokens = await service.finish(
          query,
          new URL(request.url, origin(request)),
          callbackUrl(request),
          requestContext(request),
          String(request.id),
        );
        setAuthCookies(reply, tokens, opts.cookieSecure || request.protocol === 'https', opts.clock.now());
        return reply.redirect('/', 302);
      } catch (error) {
        return backToLogin(reply, error);
      }
    },
    limited,
  );
}
