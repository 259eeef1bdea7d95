import { SPEC_MESSAGES as specMessages } from '@backdesk/contract/messages';
import { ApiRequestError } from '../../lib/api.ts';

/** Why a sign-in failed, in the server's terms. */
export interface LoginFailure {
  code?: string;
  message?: string;
  retryAfterSeconds?: number;
}

export type LoginErrorKey =
  | 'LOGIN_FAILED'
  | 'ACCESS_DENIED'
  | 'CAPTCHA_INVALID'
  | 'TOO_MANY_ATTEMPTS'
  | 'VALIDATION_FAILED'
  | 'SSO_PASSWORD_DISABLED'
  | 'NETWORK'
  | 'UNKNOWN'
  | 'retryInSeconds'
  | 'retryInMinutes';

/** What to show: a locale key (under `errors.`) when we know the failure, the server's words otherwise. */
export type LoginFailureText = { key: LoginErrorKey; count?: number } | { message: string };

const TRANSLATED_CODES = new Set<string>([
  'LOGIN_FAILED',
  'ACCESS_DENIED',
  'CAPTCHA_INVALID',
  'TOO_MANY_ATTEMPTS',
  'VALIDATION_FAILED',
  'SSO_PASSWORD_DISABLED',
]);

/** A login answer may carry only R2's English text (status 'error'); map it back to its code. */
const CODE_BY_SPEC_MESSAGE: Record<string, string> = {
  [specMessages.loginFailed]: 'LOGIN_FAILED',
  [specMessages.accessDenied]: 'ACCESS_DENIED',
};

export function toLoginFailure(error: unknown): LoginFailure {
  if (error instanceof ApiRequestError) {
    if (error.status >= 500) return { code: 'UNKNOWN' };
    return { code: error.code, message: error.body?.message, retryAfterSeconds: error.retryAfterSeconds };
  }
  // fetch rejects with a TypeError when the server cannot be reached at all.
  if (error instanceof TypeError) return { code: 'NETWORK' };
  return {};
}

/** docs/product-rules.md R2: the response's message, or "Login failed" — translated whenever we recognise it. */
export function loginFailureText({ code, message, retryAfterSeconds }: LoginFailure): LoginFailureText {
  const knownCode = code ?? (message ? CODE_BY_SPEC_MESSAGE[message] : undefined);
  if (knownCode === 'TOO_MANY_ATTEMPTS' && retryAfterSeconds) {
    return retryAfterSeconds >= 60
      ? { key: 'retryInMinutes', count: Math.ceil(retryAfterSeconds / 60) }
      : { key: 'retryInSeconds', count: retryAfterSeconds };
  }
  if (knownCode && (TRANSLATED_CODES.has(knownCode) || knownCode === 'NETWORK' || knownCode === 'UNKNOWN')) {
    return { key: knownCode as LoginErrorKey };
  }
  return message ? { message } : { key: 'LOGIN_FAILED' };
}
