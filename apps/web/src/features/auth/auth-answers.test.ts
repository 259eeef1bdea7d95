import { CaptchaChallengeSchema, listSsoProviders } from '@backdesk/contract/auth';
import { describe, expect, it } from 'vitest';
import type { Check } from '../../lib/answer-check.ts';
import { checkCaptchaChallenge, checkSsoProviders } from './auth-answers.ts';

type Schema = { safeParse(value: unknown): { success: boolean; data?: unknown } };

/** The check accepts exactly what the schema accepts, and gives what the schema gives. */
function agrees(check: Check<unknown>, schema: Schema, value: unknown) {
  const expected = schema.safeParse(value);
  let actual: { success: boolean; data: unknown };
  try {
    actual = { success: true, data: check(value) };
  } catch (error) {
    expect((error as Error).name).toBe('AnswerShapeError');
    actual = { success: false, data: undefined };
  }
  expect({ value, ...actual }).toStrictEqual({ value, success: expected.success, data: expected.data });
}

/** Every variant of a valid value: each key missing, each replaced by another JSON type, one more key. */
function variants(valid: Record<string, unknown>): unknown[] {
  const others = [null, 0, 1.5, -3, '', 'x', '12', true, false, [], ['x'], {}, { a: 1 }];
  const out: unknown[] = [valid, null, [], 'x', 7, [valid], { ...valid, unknown: 'dropped' }];
  for (const key of Object.keys(valid)) {
    const { [key]: _, ...without } = valid;
    out.push(without);
    for (const other of others) out.push({ ...valid, [key]: other });
    const inner = valid[key];
    if (inner && typeof inner === 'object' && !Array.isArray(inner))
      for (const variant of variants(inner as Record<string, unknown>))
        out.push({ ...valid, [key]: variant });
  }
  return out;
}

const challenge = {
  parameters: {
    algorithm: 'PBKDF2/SHA-256',
    nonce: 'n',
    salt: 's',
    cost: 5000,
    keyLength: 32,
    keyPrefix: '00',
    keySignature: 'k',
    expiresAt: 1_800_000_000,
  },
  signature: 'sig',
};

describe('the sign-in page answers checked without zod', () => {
  it('the captcha challenge is read as its contract schema reads it', () => {
    const cases = variants(challenge);
    expect(cases.length).toBeGreaterThan(150);
    for (const value of cases) agrees(checkCaptchaChallenge, CaptchaChallengeSchema, value);
  });

  it('the identity providers are read as their contract schema reads them', () => {
    const valid = { items: [{ id: 'okta', name: 'Okta' }], password: true };
    const cases = [
      ...variants(valid),
      { items: [], password: false },
      ...variants({ id: 'okta', name: 'Okta' }).map((item) => ({ items: [item], password: false })),
    ];
    for (const value of cases) agrees(checkSsoProviders, listSsoProviders.response, value);
  });

  it('the fixtures name every key of the schemas, so a key added to the contract fails here', () => {
    const keys = (schema: unknown) =>
      Object.keys((schema as { shape: Record<string, unknown> }).shape).sort();
    expect(Object.keys(challenge).sort()).toEqual(keys(CaptchaChallengeSchema));
    expect(Object.keys(challenge.parameters).sort()).toEqual(keys(CaptchaChallengeSchema.shape.parameters));
    expect(['items', 'password']).toEqual(keys(listSsoProviders.response));
  });
});
