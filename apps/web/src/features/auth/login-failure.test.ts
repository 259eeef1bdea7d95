import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api.ts';
import { loginFailureText, toLoginFailure } from './login-failure.ts';

describe('loginFailureText', () => {
  it('falls back to "Login failed" when the server says nothing', () => {
    expect(loginFailureText({})).toEqual({ key: 'LOGIN_FAILED' });
  });

  it('translates known codes and the R2 texts that arrive without a code', () => {
    expect(loginFailureText({ code: 'ACCESS_DENIED' })).toEqual({ key: 'ACCESS_DENIED' });
    expect(loginFailureText({ message: 'Access denied: Administrative privileges required' })).toEqual({
      key: 'ACCESS_DENIED',
    });
    expect(loginFailureText({ message: 'Login failed' })).toEqual({ key: 'LOGIN_FAILED' });
    expect(loginFailureText({ code: 'CAPTCHA_INVALID', message: 'Captcha invalid' })).toEqual({
      key: 'CAPTCHA_INVALID',
    });
  });

  it('shows an unrecognised server message as it is', () => {
    expect(loginFailureText({ message: 'Account under maintenance' })).toEqual({
      message: 'Account under maintenance',
    });
  });

  it('tells the user when to retry after too many attempts', () => {
    expect(loginFailureText({ code: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 42 })).toEqual({
      key: 'retryInSeconds',
      count: 42,
    });
    expect(loginFailureText({ code: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 61 })).toEqual({
      key: 'retryInMinutes',
      count: 2,
    });
    expect(loginFailureText({ code: 'TOO_MANY_ATTEMPTS' })).toEqual({ key: 'TOO_MANY_ATTEMPTS' });
  });
});

describe('toLoginFailure', () => {
  it('reads code, message and Retry-After from an API error', () => {
    const error = new ApiRequestError(429, { code: 'TOO_MANY_ATTEMPTS', message: 'Too many' }, 30);
    expect(toLoginFailure(error)).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many',
      retryAfterSeconds: 30,
    });
  });

  it('hides server faults and names network failures', () => {
    expect(toLoginFailure(new ApiRequestError(500, { message: 'boom' }, undefined))).toEqual({
      code: 'UNKNOWN',
    });
    expect(toLoginFailure(new TypeError('Failed to fetch'))).toEqual({ code: 'NETWORK' });
  });
});
