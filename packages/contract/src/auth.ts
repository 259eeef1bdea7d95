// zod/mini, not zod: /login validates these before it is interactive, and the classic API costs
// ~16 KB more (decision 0022's 150 KB budget). Schemas of both kinds mix freely in an endpoint.
import * as z from 'zod/mini';
import { defineEndpoint } from './endpoint.ts';

export { parseWith, safeParseWith } from './endpoint.ts';

/** ALTCHA v2 challenge as `altcha-lib` creates it; the web client solves it and posts the payload. */
export const CaptchaChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.optional(z.string()),
    expiresAt: z.optional(z.number()),
  }),
  signature: z.optional(z.string()),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;

export const getCaptcha = defineEndpoint({
  method: 'GET',
  path: '/api/auth/captcha',
  summary: 'A fresh proof-of-work captcha challenge for the sign-in form',
  tags: ['auth'],
  access: 'public',
  errors: ['TOO_MANY_REQUESTS'],
  response: CaptchaChallengeSchema,
});

export const LoginBodySchema = z.object({
  user_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  password: z.string().check(z.minLength(1), z.maxLength(200)),
  captchaToken: z.string().check(z.minLength(1), z.maxLength(4000)),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const LoginResponseSchema = z.object({
  status: z.enum(['success', 'error']),
  message: z.string(),
  token: z.optional(z.string()),
  auth_token: z.optional(z.string()),
  refreshToken: z.optional(z.string()),
  /**
   * A member with two-factor on: password and captcha passed, no session yet. `challenge` goes with
   * the second step (two-factor.ts) before it expires; `methods` are what the member can use.
   */
  twoFactorRequired: z.optional(z.literal(true)),
  challenge: z.optional(z.string()),
  methods: z.optional(z.array(z.enum(['totp', 'passkey', 'recovery']))),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const login = defineEndpoint({
  method: 'POST',
  path: '/api/auth/login',
  summary: 'Sign in with user name, password and a solved captcha',
  tags: ['auth'],
  access: 'public',
  errors: ['TOO_MANY_REQUESTS', 'TOO_MANY_ATTEMPTS', 'CAPTCHA_INVALID', 'LOGIN_FAILED', 'ACCESS_DENIED'],
  body: LoginBodySchema,
  response: LoginResponseSchema,
});

/** Where a member comes from: Backdesk's own password, or an identity provider (SSO, SCIM). */
export const MEMBER_SOURCES = ['local', 'sso', 'scim'] as const;

export const StaffUserSchema = z.object({
  id: z.int(),
  user_name: z.string(),
  display_name: z.string(),
  email: z.nullable(z.string()),
  user_roles: z.array(z.string()),
  session_expires_at: z.string(),
  /**
   * What the member must do before anything else (the sign-in gate): choose a new password, or set up
   * two-factor when it is required for their role. Every other call answers 403 until it is done.
   */
  required_action: z._default(z.nullable(z.enum(['change_password', 'enrol_two_factor'])), null),
  /** local: Backdesk's password and two-factor; sso or scim: the identity provider keeps both. */
  source: z._default(z.enum(MEMBER_SOURCES), 'local'),
});
export type StaffUser = z.infer<typeof StaffUserSchema>;

export const getCredentials = defineEndpoint({
  method: 'GET',
  path: '/api/auth/credentials',
  summary: 'The signed-in member, with user_roles',
  tags: ['auth'],
  access: 'read',
  response: StaffUserSchema,
});

export const OkSchema = z.object({ success: z.literal(true), message: z.string() });

export const SignoutResponseSchema = z.extend(OkSchema, {
  /**
   * A member signed in through a provider that has an end-session endpoint: the browser goes there
   * next (OpenID Connect RP-initiated logout), and the provider sends it back to /login. Absent
   * otherwise; a caller that ignores it is signed out of Backdesk all the same.
   */
  redirectTo: z.optional(z.string()),
});

export const signout = defineEndpoint({
  method: 'POST',
  path: '/api/auth/signout',
  summary:
    "End the session on the server and clear the auth cookies; for an SSO sign-in, the provider's sign-out address",
  tags: ['auth'],
  access: 'public',
  response: SignoutResponseSchema,
});

export const ClearSignInThrottleBodySchema = z.object({
  user_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
});

export const clearSignInThrottle = defineEndpoint({
  method: 'POST',
  path: '/api/auth/sign-in-throttle/clear',
  summary: "Forget an account's counted sign-in failures, so no address of it waits any more",
  tags: ['auth'],
  access: 'staff',
  errors: ['STAFF_MEMBER_NOT_FOUND'],
  body: ClearSignInThrottleBodySchema,
  response: z.object({ success: z.literal(true), failures_cleared: z.int() }),
});

export const RefreshBodySchema = z.object({
  refreshToken: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
});

export const refresh = defineEndpoint({
  method: 'POST',
  path: '/api/auth/refresh',
  summary: 'Rotate the refresh token and issue a new access token',
  tags: ['auth'],
  access: 'public',
  errors: ['TOO_MANY_REQUESTS', 'AUTHENTICATION_REQUIRED', 'INVALID_TOKEN', 'TOKEN_EXPIRED'],
  // Browsers send no body (the cookie carries the token); Fastify hands that over as null.
  body: z.nullish(RefreshBodySchema),
  response: LoginResponseSchema,
});

// ── Single sign-on (OpenID Connect; docs/sso.md) ──────────────────────────────

/** A provider's id in OIDC_PROVIDERS: lower-case letters, digits and dashes. */
export const SSO_PROVIDER_ID = /^[a-z][a-z0-9-]{0,31}$/;

export const SsoProviderSchema = z.object({ id: z.string(), name: z.string() });
export type SsoProvider = z.infer<typeof SsoProviderSchema>;

export const listSsoProviders = defineEndpoint({
  method: 'GET',
  path: '/api/auth/sso/providers',
  summary:
    'The identity providers the sign-in page offers ("Sign in with …"), and whether a password may still be used',
  tags: ['auth'],
  access: 'public',
  response: z.object({
    items: z.array(SsoProviderSchema),
    /** false: SSO is the only way in, but for the break-glass member. */
    password: z.boolean(),
  }),
});

export const startSso = defineEndpoint({
  method: 'GET',
  path: '/api/auth/sso/start',
  summary: 'Starts a sign-in with a provider: authorization code flow with PKCE, state and nonce',
  tags: ['auth'],
  access: 'public',
  errors: ['TOO_MANY_REQUESTS'],
  query: z.strictObject({ provider: z.string().check(z.regex(SSO_PROVIDER_ID)) }),
  redirect:
    "To the provider's authorization endpoint, or to `/login?sso_error=<code>` (SSO_PROVIDER_UNKNOWN, SSO_PROVIDER_UNAVAILABLE)",
  response: z.unknown(),
});

const callbackText = z.optional(z.string().check(z.maxLength(4096)));

export const finishSso = defineEndpoint({
  method: 'GET',
  path: '/api/auth/sso/callback',
  summary: 'Where the provider sends the browser back: the code is exchanged and the ID token checked',
  tags: ['auth'],
  access: 'public',
  errors: ['TOO_MANY_REQUESTS'],
  query: z.object({
    code: callbackText,
    state: callbackText,
    error: callbackText,
    error_description: callbackText,
    iss: callbackText,
    session_state: callbackText,
  }),
  redirect:
    'To `/` signed in (session cookies set), or to `/login?sso_error=<code>` (SSO_FAILED, ACCESS_DENIED, SSO_MFA_REQUIRED, LOGIN_FAILED, SSO_PROVIDER_UNAVAILABLE)',
  response: z.unknown(),
});
