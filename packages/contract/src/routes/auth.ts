// Generated from auth.ts by `npm run contract:routes`; do not edit.
// Plain strings, no zod: the web names an endpoint with these before its schemas load.

export const clearSignInThrottle = {
  name: 'clearSignInThrottle',
  method: 'POST',
  path: '/api/auth/sign-in-throttle/clear',
  access: 'staff',
} as const;

export const finishSso = {
  name: 'finishSso',
  method: 'GET',
  path: '/api/auth/sso/callback',
  access: 'public',
} as const;

export const getCaptcha = {
  name: 'getCaptcha',
  method: 'GET',
  path: '/api/auth/captcha',
  access: 'public',
} as const;

export const getCredentials = {
  name: 'getCredentials',
  method: 'GET',
  path: '/api/auth/credentials',
  access: 'read',
} as const;

export const listSsoProviders = {
  name: 'listSsoProviders',
  method: 'GET',
  path: '/api/auth/sso/providers',
  access: 'public',
} as const;

export const login = {
  name: 'login',
  method: 'POST',
  path: '/api/auth/login',
  access: 'public',
} as const;

export const refresh = {
  name: 'refresh',
  method: 'POST',
  path: '/api/auth/refresh',
  access: 'public',
} as const;

export const signout = {
  name: 'signout',
  method: 'POST',
  path: '/api/auth/signout',
  access: 'public',
} as const;

export const startSso = {
  name: 'startSso',
  method: 'GET',
  path: '/api/auth/sso/start',
  access: 'public',
} as const;
