// Free of zod, so the web app can clear the cookies before the schemas load.

/** The cookie names docs/product-rules.md R3 and R4 fix. */
export const AUTH_COOKIES = {
  access: 'auth.token',
  refresh: 'auth.refresh-token',
  authError: 'auth_error',
} as const;

/**
 * Every path a token cookie was ever set on: the access token on `/`, the refresh token on the auth
 * endpoints (and on `/` by earlier clients). A cookie is cleared only on its own path, so ending a
 * sign-in clears both names on each of these.
 */
export const AUTH_COOKIE_PATHS = ['/', '/api/auth'] as const;
