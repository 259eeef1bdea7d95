import * as authRoutes from '@backdesk/contract/routes/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, callEndpoint, setGateRefusalListener, setSessionExpiredListener } from './api.ts';
import { authEndpointRef, checkedBy } from './contract.ts';

const credentials = authEndpointRef(authRoutes.getCredentials);
const login = authEndpointRef(authRoutes.login);

const member = {
  id: 1,
  user_name: 'admin',
  display_name: 'Admin',
  email: null,
  user_roles: ['admin'],
  session_expires_at: '2030-01-01T00:00:00.000Z',
  required_action: null,
  source: 'local' as const,
};
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const apiError = (statusCode: number, code: string, message: string) =>
  json(statusCode, { success: false, status: 'error', statusCode, code, message });

describe('callEndpoint', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const expired = vi.fn();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('location', { pathname: '/crm/customers' });
    vi.stubGlobal('navigator', {});
    setSessionExpiredListener(expired);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    expired.mockReset();
  });

  it('parses a success with the contract schema', async () => {
    fetchMock.mockResolvedValueOnce(json(200, member));
    await expect(callEndpoint(credentials)).resolves.toEqual(member);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/credentials',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });

  it('retries a GET once on 503, never a POST', async () => {
    fetchMock
      .mockResolvedValueOnce(apiError(503, 'INTERNAL', 'down'))
      .mockResolvedValueOnce(json(200, member));
    await expect(callEndpoint(credentials)).resolves.toEqual(member);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => apiError(503, 'INTERNAL', 'down'));
    const body = { user_name: 'a', password: 'b', captchaToken: 'c' };
    await expect(callEndpoint(login, { body })).rejects.toBeInstanceOf(ApiRequestError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refreshes an expired access token once and repeats the request', async () => {
    fetchMock
      .mockResolvedValueOnce(apiError(401, 'ACCESS_TOKEN_EXPIRED', 'Access token expired'))
      .mockResolvedValueOnce(json(200, { status: 'success', message: 'Token refreshed' }))
      .mockResolvedValueOnce(json(200, member));
    await expect(callEndpoint(credentials)).resolves.toEqual(member);
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/auth/credentials',
      '/api/auth/refresh',
      '/api/auth/credentials',
    ]);
    expect(expired).not.toHaveBeenCalled();
  });

  it('runs the expiry flow when the refresh fails', async () => {
    fetchMock
      .mockResolvedValueOnce(apiError(401, 'ACCESS_TOKEN_EXPIRED', 'Access token expired'))
      .mockResolvedValueOnce(apiError(401, 'INVALID_TOKEN', 'Invalid token'));
    await expect(callEndpoint(credentials)).rejects.toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledOnce();
  });

  it('keeps the sign-in when the refresh only failed to reach the server', async () => {
    fetchMock
      .mockResolvedValueOnce(apiError(401, 'ACCESS_TOKEN_EXPIRED', 'Access token expired'))
      .mockResolvedValueOnce(apiError(502, 'INTERNAL', 'Bad gateway'));
    await expect(callEndpoint(credentials)).rejects.toMatchObject({ status: 401 });
    expect(expired).not.toHaveBeenCalled();
  });

  it('runs the expiry flow on a 401 "Invalid token", unless told not to intercept', async () => {
    fetchMock.mockImplementation(async () => apiError(401, 'INVALID_TOKEN', 'Invalid token'));
    await expect(callEndpoint(credentials)).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
    expect(expired).toHaveBeenCalledOnce();
    await expect(callEndpoint(credentials, { intercept: false })).rejects.toBeInstanceOf(ApiRequestError);
    expect(expired).toHaveBeenCalledOnce();
  });

  it('tells the sign-in gate of its refusals, and nothing else of a 403', async () => {
    const gate = vi.fn();
    setGateRefusalListener(gate);
    fetchMock.mockResolvedValueOnce(apiError(403, 'TWO_FACTOR_ENROLMENT_REQUIRED', 'Set it up'));
    await expect(callEndpoint(credentials)).rejects.toMatchObject({ code: 'TWO_FACTOR_ENROLMENT_REQUIRED' });
    fetchMock.mockResolvedValueOnce(apiError(403, 'FORBIDDEN', 'Your role does not allow this action'));
    await expect(callEndpoint(credentials)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(gate).toHaveBeenCalledOnce();
    expect(expired).not.toHaveBeenCalled();
    setGateRefusalListener(() => {});
  });

  it('reports Retry-After with the error and reads a non-JSON failure', async () => {
    fetchMock.mockResolvedValueOnce(apiError(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts'));
    fetchMock.mockResolvedValueOnce(
      new Response(
        JSON.stringify({
          success: false,
          status: 'error',
          statusCode: 429,
          code: 'TOO_MANY_ATTEMPTS',
          message: 'x',
        }),
        {
          status: 429,
          headers: { 'Retry-After': '42' },
        },
      ),
    );
    const body = { user_name: 'a', password: 'b', captchaToken: 'c' };
    await expect(callEndpoint(login, { body })).rejects.toMatchObject({ code: 'TOO_MANY_ATTEMPTS' });
    await expect(callEndpoint(login, { body })).rejects.toMatchObject({ retryAfterSeconds: 42 });

    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(callEndpoint(login, { body })).rejects.toMatchObject({ status: 502, body: undefined });
  });

  it('reads an answer by its hand check without loading the schema, and refuses a wrong shape', async () => {
    const load = vi.fn(credentials.load);
    const checked = checkedBy({ ...credentials, load }, (answer) => {
      if ((answer as { id?: unknown }).id !== 1) throw new Error('not the member');
      return member;
    });
    fetchMock.mockResolvedValueOnce(json(200, { ...member, extra: 1 }));
    await expect(callEndpoint(checked)).resolves.toBe(member);
    fetchMock.mockResolvedValueOnce(json(200, { id: 2 }));
    await expect(callEndpoint(checked)).rejects.toThrow('not the member');
    expect(load).not.toHaveBeenCalled();
  });

  it("loads the schema only for a success when told so (the visitor's credential probe)", async () => {
    const load = vi.fn(credentials.load);
    const probe = { ...credentials, load };
    fetchMock.mockResolvedValueOnce(apiError(401, 'AUTHENTICATION_REQUIRED', 'Authentication required'));
    await expect(callEndpoint(probe, { intercept: false, schemaOnSuccess: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(load).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(json(200, member));
    await expect(callEndpoint(probe, { intercept: false, schemaOnSuccess: true })).resolves.toEqual(member);
    expect(load).toHaveBeenCalled();
  });
});
