import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/** ALTCHA v2 challenge as `altcha-lib` creates it; the web client solves it and posts the payload. */
export const CaptchaChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
});
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>;

export const getCaptcha = defineEndpoint({
  method: 'GET',
  path: '/api/auth/captcha',
  summary: 'A fresh proof-of-work captcha challenge for the sign-in form',
  tags: ['auth'],
  access: 'public',
  response: CaptchaChallengeSchema,
});

export const LoginBodySchema = z.object({
  user_name: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
  captchaToken: z.string().min(1).max(4000),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const LoginResponseSchema = z.object({
  status: z.enum(['success', 'error']),
  message: z.string(),
  token: z.string().optional(),
  auth_token: z.string().optional(),
  refreshToken: z.string().optional(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const login = defineEndpoint({
  method: 'POST',
  path: '/api/auth/login',
  summary: 'Sign in with user name, password and a solved captcha',
  tags: ['auth'],
  access: 'public',
  body: LoginBodySchema,
  response: LoginResponseSchema,
});

export const StaffUserSchema = z.object({
  id: z.number().int(),
  user_name: z.string(),
  display_name: z.string(),
  email: z.string().nullable(),
  user_roles: z.array(z.string()),
  session_expires_at: z.string(),
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

export const signout = defineEndpoint({
  method: 'POST',
  path: '/api/auth/signout',
  summary: 'End the session on the server and clear the auth cookies',
  tags: ['auth'],
  access: 'public',
  response: OkSchema,
});

export const ClearSignInThrottleBodySchema = z.object({ user_name: z.string().trim().min(1).max(100) });

export const clearSignInThrottle = defineEndpoint({
  method: 'POST',
  path: '/api/auth/sign-in-throttle/clear',
  summary: "Forget an account's counted sign-in failures, so no address of it waits any more",
  tags: ['auth'],
  access: 'staff',
  body: ClearSignInThrottleBodySchema,
  response: z.object({ success: z.literal(true), failures_cleared: z.number().int() }),
});

export const RefreshBodySchema = z.object({ refreshToken: z.string().min(1).max(200).optional() });

export const refresh = defineEndpoint({
  method: 'POST',
  path: '/api/auth/refresh',
  summary: 'Rotate the refresh token and issue a new access token',
  tags: ['auth'],
  access: 'public',
  // Browsers send no body (the cookie carries the token); Fastify hands that over as null.
  body: RefreshBodySchema.nullish(),
  response: LoginResponseSchema,
});
