import { ERROR_CATALOGUE } from '@backdesk/contract/errors';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import errorsEn from '../locales/en/errors.json';
import errorsTr from '../locales/tr/errors.json';
import { ApiRequestError } from './api.ts';
import { errorText, fromZodIssue as fromIssue, issueText } from './errors.ts';

const codes = Object.keys(ERROR_CATALOGUE);
/** A zod issue as zod builds it (with its own extra properties). */
const fromZodIssue = (issue: Record<string, unknown> & { path: PropertyKey[]; code: string }) =>
  fromIssue(issue);

beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    fallbackLng: false,
    resources: { en: { errors: errorsEn }, tr: { errors: errorsTr } },
    interpolation: { escapeValue: false },
  });
});

const apiError = (status: number, body: ConstructorParameters<typeof ApiRequestError>[1]) =>
  new ApiRequestError(status, body, undefined);

describe('error texts', () => {
  it.each(['en', 'tr'] as const)('%s has a text for every catalogue code', (language) => {
    const texts: Record<string, string> = (language === 'en' ? errorsEn : errorsTr).codes;
    const missing = codes.filter((code) => !texts[code]?.trim());
    expect(missing).toEqual([]);
  });

  it('translates by code and fills the params, amounts in the locale', async () => {
    const error = apiError(400, {
      code: 'BELOW_LIMIT_MINIMUM',
      message: 'Below the minimum of 1000.5 USDT per withdrawal (limit #7)',
      params: { amount: '1000.5', asset: 'USDT', lid: 7 },
    });
    expect(errorText(error)).toBe('Below the minimum of 1,000.5 USDT per withdrawal (limit #7).');
    await i18next.changeLanguage('tr');
    expect(errorText(error)).toBe('Çekim başına en az 1.000,5 USDT tutarının altında (limit #7).');
    expect(
      errorText(apiError(409, { code: 'INVALID_TRANSITION', message: '', params: { status: 'disputed' } })),
    ).toBe('Kayıt itirazlı durumundayken bu yapılamaz.');
    await i18next.changeLanguage('en');
  });

  it('has one stale-edit text and words a bare status or a network failure', () => {
    expect(errorText(apiError(409, { code: 'STALE_EDIT', message: 'x' }))).toMatch(/changed by someone else/);
    expect(errorText(apiError(502, undefined))).toBe(errorsEn.codes.INTERNAL);
    expect(errorText(new TypeError('Failed to fetch'))).toBe(errorsEn.network);
    expect(errorText(new Error('boom'))).toBe(errorsEn.unknown);
  });

  it('lists the field issues of a refused request with their labels', () => {
    const error = apiError(400, {
      code: 'VALIDATION_FAILED',
      message: 'The request is not valid',
      issues: [
        { path: 'reason', message: 'Too small', code: 'too_small', params: { minimum: 3, origin: 'string' } },
      ],
    });
    expect(errorText(error, (path) => (path === 'reason' ? 'Reason' : path))).toBe(
      'Reason: Use at least 3 characters.',
    );
  });
});

describe('issue texts', () => {
  it('words zod issues by code and bound', () => {
    const issue = (code: string, extra: Record<string, unknown> = {}) =>
      issueText(fromZodIssue({ path: ['f'], code, message: 'English', ...extra }));
    expect(issue('too_small', { minimum: 1, origin: 'string' })).toBe('This field is required.');
    expect(issue('too_small', { minimum: 3, origin: 'string' })).toBe('Use at least 3 characters.');
    expect(issue('too_big', { maximum: 100, origin: 'string' })).toBe('Use at most 100 characters.');
    expect(issue('too_big', { maximum: 3, origin: 'number' })).toBe('Enter 3 or less.');
    expect(issue('invalid_format', { format: 'email' })).toBe(errorsEn.issues.email);
    expect(issue('custom', { params: { rule: 'too_many_decimals', decimals: 8 } })).toBe(
      'At most 8 decimal places for this asset.',
    );
    expect(issue('custom', { params: { rule: 'not_a_number' } })).toBe('Enter a number such as 1,250.50.');
    expect(issue('custom')).toBe(errorsEn.issues.invalid);
  });

  it('words a whole-number bound as an amount, and a bound that excludes itself as "more than"', () => {
    const issueOf = (schema: z.ZodType, value: unknown) =>
      issueText(fromIssue(z.safeParse(schema, value).error!.issues[0]!));
    expect(issueOf(z.number().int().positive(), 0)).toBe('Enter more than 0.');
    expect(issueOf(z.number().int().max(10), 11)).toBe('Enter 10 or less.');
    expect(issueOf(z.number().int().min(1), 0)).toBe('Enter 1 or more.');
    expect(issueOf(z.number().lt(5), 5)).toBe('Enter less than 5.');
    // As the server sends them: the bound's inclusion as 1 or 0.
    const server = (params: Record<string, unknown>) =>
      issueText({ path: 'rate', code: 'too_small', params });
    expect(server({ origin: 'number', minimum: 0, inclusive: 0 })).toBe('Enter more than 0.');
    expect(server({ origin: 'int', minimum: 1, inclusive: 1 })).toBe('Enter 1 or more.');
  });

  it('words a catalogue code or a contract rule given as a field issue', () => {
    expect(issueText({ path: 'to', code: 'UNKNOWN_CUSTOMER_TYPE', params: { code: 'zinc' } })).toBe(
      errorsEn.codes.UNKNOWN_CUSTOMER_TYPE.replace('{{code}}', 'zinc'),
    );
    expect(issueText({ path: 'note', code: 'custom', params: { rule: 'note_only_on_close' } })).toBe(
      errorsEn.issues.note_only_on_close,
    );
  });

  it('uses the field’s own wording for a pattern', () => {
    const issue = fromZodIssue({ path: ['alias_mobile'], code: 'invalid_format', format: 'regex' });
    expect(issueText(issue, { alias_mobile: 'phone' })).toBe(errorsEn.issues.phone);
    expect(issueText(issue)).toBe(errorsEn.issues.invalid_format);
  });
});
