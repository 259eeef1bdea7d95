import { describe, expect, it } from 'vitest';
import { isAccessTokenExpiry, isLoginPath, isSessionExpiryResponse } from './session-rules.ts';

const base = {
  status: 401,
  bodyText: '',
  requestUrl: '/api/customers/get-users',
  pagePath: '/crm/customers',
};

describe('isSessionExpiryResponse', () => {
  it.each(['Authentication required', 'TokenExpiredError: session expired', 'Invalid token'])(
    'treats a 401 or 403 mentioning "%s" as session expiry',
    (message) => {
      const bodyText = JSON.stringify({ success: false, status: 'error', statusCode: 401, message });
      expect(isSessionExpiryResponse({ ...base, bodyText })).toBe(true);
      expect(isSessionExpiryResponse({ ...base, status: 403, bodyText })).toBe(true);
    },
  );

  it('ignores other 401/403 bodies and other statuses', () => {
    expect(isSessionExpiryResponse({ ...base, bodyText: '{"message":"Forbidden"}' })).toBe(false);
    expect(isSessionExpiryResponse({ ...base, status: 500, bodyText: 'Invalid token' })).toBe(false);
    expect(isSessionExpiryResponse({ ...base, status: 404, bodyText: 'Authentication required' })).toBe(
      false,
    );
  });

  it('never intercepts /api/panel/ report endpoints, relative or absolute', () => {
    const bodyText = 'Invalid token';
    expect(isSessionExpiryResponse({ ...base, bodyText, requestUrl: '/api/panel/report-p2p' })).toBe(false);
    expect(
      isSessionExpiryResponse({
        ...base,
        bodyText,
        requestUrl: 'https://x.test/api/panel/report-financial?a=1',
      }),
    ).toBe(false);
  });

  it('intercepts nothing while the user is on /login', () => {
    expect(isSessionExpiryResponse({ ...base, bodyText: 'Invalid token', pagePath: '/login' })).toBe(false);
    expect(isSessionExpiryResponse({ ...base, bodyText: 'Invalid token', pagePath: '/login/' })).toBe(false);
    expect(isLoginPath('/login-help')).toBe(false);
  });
});

describe('isAccessTokenExpiry', () => {
  it('recognises the refreshable 401 by code or by message', () => {
    expect(isAccessTokenExpiry(401, { code: 'ACCESS_TOKEN_EXPIRED' })).toBe(true);
    expect(isAccessTokenExpiry(401, { code: 'TOKEN_EXPIRED', message: 'Access token expired' })).toBe(true);
    expect(isAccessTokenExpiry(401, { code: 'INVALID_TOKEN', message: 'Invalid token' })).toBe(false);
    expect(isAccessTokenExpiry(403, { code: 'ACCESS_TOKEN_EXPIRED' })).toBe(false);
    expect(isAccessTokenExpiry(401, undefined)).toBe(false);
  });
});
