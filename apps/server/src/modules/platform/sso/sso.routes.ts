import { authApi } from '@backdesk/contract';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import { requestContext, setAuthCookies } from '../auth/auth-cookies.ts';
import type { SsoService } from './sso.service.ts';

const CALLBACK = authApi.finishSso.path;
/** Where a provider POSTs its logout tokens (docs/sso.md); outside /api, like SCIM: not the staff API. */
export const BACKCHANNEL_LOGOUT_PATH = '/sso/backchannel-logout/:provider';
const FORM = 'application/x-www-form-urlencoded';
/** A logout token is a few hundred bytes; anything much larger is not one. */
const BACKCHANNEL_BODY_LIMIT = 16 * 1024;

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

  // Back-channel logout (OpenID Connect Back-Channel Logout 1.0): 200 when the token is taken
  // (whether or not a session was open), 400 with an OAuth error body otherwise. The form parser is
  // this route's alone, and every other media type is refused (415), as is every failure with 4xx.
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      FORM,
      { parseAs: 'string', bodyLimit: BACKCHANNEL_BODY_LIMIT },
      (_r, body, done) => done(null, new URLSearchParams(body as string)),
    );
    const invalid = (reply: FastifyReply, status: number, description: string) =>
      reply.code(status).send({ error: 'invalid_request', error_description: description });
    scope.setErrorHandler((error, request, reply) => {
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) return invalid(reply, status, (error as Error).message);
      request.log.error({ err: error }, 'Back-channel logout failed');
      // Nothing was ended, and Back-Channel Logout 1.0's answers are 200 and 400: the provider learns it failed.
      return invalid(reply, 400, 'The logout could not be completed');
    });
    // Per address, as the sign-in endpoints are (plugins/rate-limit.ts reads it from the route).
    const perAddress = { rateLimit: { max: opts.perMinute, timeWindow: 60_000 } };
    scope.post<{ Params: { provider: string } }>(
      BACKCHANNEL_LOGOUT_PATH,
      {
        schema: { hide: true },
        bodyLimit: BACKCHANNEL_BODY_LIMIT,
        config: perAddress as FastifyContextConfig,
      },
      async (request, reply) => {
        const form = request.body instanceof URLSearchParams ? request.body : undefined;
        if (!form) return invalid(reply, 400, `Send ${FORM} with a logout_token`);
        const tokens = form.getAll('logout_token');
        const outcome = await service.backchannelLogout(
          request.params.provider,
          tokens.length === 1 && tokens[0]!.length <= 8192 ? tokens[0] : undefined,
          requestContext(request),
        );
        if ('refused' in outcome) return invalid(reply, 400, 'The logout token was refused');
        return reply.code(200).send();
      },
    );
  });
}
