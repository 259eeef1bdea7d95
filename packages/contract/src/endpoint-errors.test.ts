import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as authApi from './auth.ts';
import { defineEndpoint } from './endpoint.ts';
import { endpointErrorCodes, endpointErrors, isListEndpoint } from './endpoint-errors.ts';
import { listQuerySchema } from './list.ts';
import * as settingsApi from './settings.ts';

const base = { summary: 's', tags: ['t'], response: z.object({}) } as const;

describe('the refusals an endpoint can answer', () => {
  it('a public GET without input: unstorable text and a fault only', () => {
    const e = defineEndpoint({ ...base, method: 'GET', path: '/api/x', access: 'public' });
    expect(endpointErrorCodes(e)).toEqual(['INVALID_TEXT', 'INTERNAL', 'SHUTTING_DOWN']);
  });

  it('a signed-in change of a capability some roles lack, idempotent, with its own codes', () => {
    const e = defineEndpoint({
      ...base,
      method: 'POST',
      path: '/api/x/change',
      access: 'configure',
      idempotent: true,
      body: z.object({ id: z.number() }),
      errors: ['STALE_EDIT', 'CUSTOMER_NOT_FOUND'],
    });
    expect(endpointErrors(e)).toEqual([
      {
        status: 400,
        codes: [
          'VALIDATION_FAILED',
          'INVALID_TEXT',
          'IDEMPOTENCY_KEY_INVALID',
          'MALFORMED_REQUEST',
          'MALFORMED_BODY',
        ],
      },
      {
        status: 401,
        codes: ['AUTHENTICATION_REQUIRED', 'ACCESS_TOKEN_EXPIRED', 'TOKEN_EXPIRED', 'INVALID_TOKEN'],
      },
      {
        status: 403,
        codes: ['FOREIGN_ORIGIN', 'FORBIDDEN', 'PASSWORD_CHANGE_REQUIRED', 'TWO_FACTOR_ENROLMENT_REQUIRED'],
      },
      { status: 404, codes: ['CUSTOMER_NOT_FOUND'] },
      { status: 409, codes: ['IDEMPOTENCY_KEY_REUSED', 'REQUEST_IN_PROGRESS', 'STALE_EDIT'] },
      { status: 413, codes: ['REQUEST_TOO_LARGE'] },
      { status: 415, codes: ['UNSUPPORTED_MEDIA_TYPE'] },
      { status: 500, codes: ['INTERNAL'] },
      { status: 503, codes: ['SHUTTING_DOWN'] },
    ]);
  });

  it('a list is limited per member and pages by cursor; every panel role reads, so no FORBIDDEN', () => {
    const e = defineEndpoint({
      ...base,
      method: 'GET',
      path: '/api/x/list',
      access: 'read',
      query: listQuerySchema(['id'], 'id'),
    });
    expect(isListEndpoint(e)).toBe(true);
    const codes = endpointErrorCodes(e);
    expect(codes).toEqual(
      expect.arrayContaining(['TOO_MANY_REQUESTS', 'INVALID_CURSOR', 'VALIDATION_FAILED']),
    );
    expect(codes).not.toContain('FORBIDDEN');
  });

  it('the sign-in gate refuses everything but what the confined member may still call', () => {
    expect(endpointErrorCodes(authApi.getCredentials)).not.toContain('PASSWORD_CHANGE_REQUIRED');
    expect(endpointErrorCodes(authApi.getCredentials)).not.toContain('TWO_FACTOR_ENROLMENT_REQUIRED');
    // Changing the password is how a member leaves the first gate, not the second.
    expect(endpointErrorCodes(settingsApi.changePassword)).not.toContain('PASSWORD_CHANGE_REQUIRED');
    expect(endpointErrorCodes(settingsApi.changePassword)).toContain('TWO_FACTOR_ENROLMENT_REQUIRED');
  });
});
