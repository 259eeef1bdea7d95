import type { webcrypto } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (`oidc-provider`) on loopback for the server's SSO tests, with its
 * development login and consent pages walked by `fetch`. It signs with keys the test holds, so a
 * test can re-sign (or break) the ID token its token endpoint answers with, rotate the signing key,
 * and count how often the JWKS is fetched.
 */

/** Where Backdesk answers in these tests (PUBLIC_ORIGIN): the redirect URIs registered below. */
export const BACKDESK_ORIGIN = 'http://backdesk.test';
export const CLIENT = { id: 'backdesk-test', secret: 'backdesk-test-client-secret-0123456789abcdef' };

/** The scopes' claims a test provider releases: the groups claim as Entra's and Okta's send it. */
export const PROVIDER_CLAIMS = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['name', 'preferred_username'],
  groups: ['groups'],
};

export interface SigningKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
  privateKey: webcrypto.CryptoKey;
}

export async function signingKey(kid: string): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const meta = { kid, alg: 'RS256', use: 'sig' };
  return {
    kid,
    privateKey,
    privateJwk: { ...(await exportJWK(privateKey)), ...meta },
    publicJwk: { ...(await exportJWK(publicKey)), ...meta },
  };
}

/** Signs claims as the provider would (RS256, the key's kid). */
export const signWith = (key: SigningKey, claims: Record<string, unknown>) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' }).sign(key.privateKey);

export const decodePart = (jwt: string, part: 0 | 1): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split('.')[part]!, 'base64url').toString());

const PEOPLE: Record<string, Record<string, unknown>> = {
  'ayla.demir': {
    name: 'Ayla Demir',
    email: 'ayla.demir@corp.example',
    email_verified: true,
    groups: ['bd-admins'],
  },
  'deniz.ak': {
    name: 'Deniz Ak',
    email: 'deniz.ak@corp.example',
    email_verified: true,
    groups: ['bd-admins'],
  },
};

export interface TestProvider {
  issuer: string;
  provider: Provider;
  /** Its entry of OIDC_PROVIDERS (`corp` unless named otherwise). */
  config: Record<string, unknown>;
  /** Backdesk's settings with this provider alone. */
  env: Record<string, string>;
  /** Replaces the token endpoint's id_token once per answer while set (null: the provider's own). */
  alterIdToken: ((idToken: string) => string | Promise<string>) | null;
  /** Published besides the provider's own keys (a key rotated in). */
  extraKeys: JWK[];
  jwksFetches: number;
  close(): Promise<void>;
}

/**
 * Starts the provider. `backchannelLogoutUri`, when given, is registered for the client (with the
 * session id required, so logout tokens carry `sid`).
 */
export async function startTestProvider(
  key: SigningKey,
  opts: { backchannelLogoutUri?: string; id?: string; rpInitiatedLogout?: boolean } = {},
): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [`${BACKDESK_ORIGIN}/api/auth/sso/callback`],
        post_logout_redirect_uris: [`${BACKDESK_ORIGIN}/login`],
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        ...(opts.backchannelLogoutUri
          ? { backchannel_logout_uri: opts.backchannelLogoutUri, backchannel_logout_session_required: true }
          : {}),
      },
    ],
    jwks: { keys: [key.privateJwk as never] },
    claims: PROVIDER_CLAIMS,
    conformIdTokenClaims: false,
    // Its own requests (the logout tokens) go to Backdesk on loopback, which its SSRF guard refuses.
    fetch: (url, init) => globalThis.fetch(url, { ...init, dispatcher: undefined } as RequestInit),
    cookies: { keys: ['backdesk-test-cookie-key'] },
    features: {
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: { enabled: opts.rpInitiatedLogout ?? true },
    },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({ sub: id, preferred_username: id, ...PEOPLE[id] }),
    }),
  });
  const state: TestProvider = {
    issuer,
    provider,
    config: {
      id: opts.id ?? 'corp',
      name: 'Corp ID',
      issuer,
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      scopes: 'openid profile email groups',
      roleClaim: 'groups',
      roles: { 'bd-admins': 'admin', 'bd-supers': 'super' },
    },
    env: {},
    alterIdToken: null,
    extraKeys: [],
    jwksFetches: 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as Record<string, unknown> | undefined;
    if (ctx.path === '/token' && typeof body?.id_token === 'string' && state.alterIdToken) {
      ctx.body = { ...body, id_token: await state.alterIdToken(body.id_token) };
    }
    if (ctx.path === '/jwks' && Array.isArray(body?.keys)) {
      state.jwksFetches++;
      ctx.body = { keys: [...(body.keys as JWK[]), ...state.extraKeys] };
    }
  });
  state.env = providersEnv(state);
  server.on('request', provider.callback());
  return state;
}

/** Backdesk's settings (PUBLIC_ORIGIN, OIDC_PROVIDERS) with these providers. */
export const providersEnv = (...providers: TestProvider[]) => ({
  PUBLIC_ORIGIN: BACKDESK_ORIGIN,
  OIDC_PROVIDERS: JSON.stringify(providers.map((p) => p.config)),
});

/** A browser's cookies at the provider, by name (one host, so paths do not matter here). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Walks the provider's pages from `url` as a browser would (its login with any password, its
 * consent, a logout confirmation), following redirects, until one leads back to Backdesk; that
 * address is returned.
 */
export async function walkProvider(url: string, login: string, jar = new CookieJar()): Promise<string> {
  let next = new URL(url);
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    if (next.origin === BACKDESK_ORIGIN) return next.href;
    const res = await fetch(next, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form,
    });
    jar.take(res);
    form = undefined;
    if (res.status >= 300 && res.status < 400) {
      next = new URL(res.headers.get('location')!, next);
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status} at ${next.pathname}: ${html}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form at ${next.pathname}: ${html.slice(0, 300)}`);
    // The form's hidden fields (prompt, xsrf…), and what a person types.
    form = new URLSearchParams();
    for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
      form.set(name!, value!);
    if (form.get('prompt') === 'login') {
      form.set('login', login);
      form.set('password', 'any');
    }
    if (/name="logout"/.test(html)) form.set('logout', 'yes');
    next = new URL(action.replaceAll('&amp;', '&'), next);
  }
  throw new Error('the provider never sent the browser back');
}

/** Where Backdesk's callback sent the browser, and the auth cookies it set (as a Cookie header). */
export interface SsoLanding {
  location: string;
  cookieNames: string[];
  cookie: string;
}

/** The provider's redirect back to Backdesk, answered by the app under test. */
export async function followCallback(app: FastifyInstance, url: string): Promise<SsoLanding> {
  const res = await app.inject({ url: url.slice(BACKDESK_ORIGIN.length) });
  if (res.statusCode !== 302) throw new Error(`the callback answered ${res.statusCode}: ${res.body}`);
  const pairs = [res.headers['set-cookie'] ?? []].flat().map((c) => c.split(';')[0]!);
  return {
    location: res.headers.location as string,
    cookieNames: pairs.map((p) => p.split('=')[0]!),
    cookie: pairs.filter((p) => !p.endsWith('=')).join('; '),
  };
}

/** Backdesk's start, the provider's pages (with `jar`, the browser's provider session), the callback. */
export async function signInThroughProvider(
  app: FastifyInstance,
  login: string,
  jar = new CookieJar(),
  provider = 'corp',
): Promise<SsoLanding & { callback: string }> {
  const start = await app.inject({ url: `/api/auth/sso/start?provider=${provider}` });
  if (start.statusCode !== 302) throw new Error(`the start answered ${start.statusCode}`);
  const callback = await walkProvider(start.headers.location as string, login, jar);
  return { callback, ...(await followCallback(app, callback)) };
}

/**
 * Backdesk over HTTP for what the provider sends it itself (back-channel logout): each request is
 * handed to the app under test (`app()` is read per request, as the app is built after this starts).
 */
export async function startRelay(
  app: () => FastifyInstance,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const answer = await app().inject({
      method: req.method as 'POST',
      url: req.url ?? '/',
      headers: req.headers,
      payload: Buffer.concat(chunks),
    });
    res.writeHead(answer.statusCode, answer.headers as Record<string, string>);
    res.end(answer.rawPayload);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
