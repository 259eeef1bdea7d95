import { IVMS_ISSUE_RULES } from '@backdesk/contract/compliance/keys';
import { type ErrorCode, isErrorCode } from '@backdesk/contract/error-codes';
import i18next from 'i18next';
import type errorsEn from '../locales/en/errors.json';
import { amountText } from './amount-text.ts';
import { ApiRequestError } from './api.ts';
import { DEFAULT_LANGUAGE, isLanguage, LOCALES } from './language.ts';
import { decimalExample } from './locale-format.ts';

/**
 * Every failure in the member's language, by code (docs/product-rules.md R9): an API error by its
 * catalogue code and params (`errors:codes.<CODE>`), a field issue by its issue code and bounds
 * (`errors:issues.<key>`). The server's English `message` is never shown.
 */

/** One problem with one field, from the contract's schema on the client or the server's `issues`. */
export interface FieldIssue {
  path: string;
  code?: string | undefined;
  params?: Readonly<Record<string, unknown>> | undefined;
}

export type IssueKey = keyof typeof errorsEn.issues;

/** Field-specific wording of a pattern the generic text cannot explain (a phone number, a user name). */
export type FormatTexts = Partial<Record<string, IssueKey>>;

const t = (key: string, options: Record<string, unknown> = {}): string =>
  i18next.t(key, { ns: 'errors', ...options }) as string;

const currentLocale = (): string => {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return LOCALES[isLanguage(language) ? language : DEFAULT_LANGUAGE];
};

const ISSUE_KEYS = new Set<string>([
  'not_a_number',
  'negative',
  'too_many_decimals',
  'min_above_max',
  'unknown_limit_type',
  'percent_above_100',
  'end_before_start',
  'invalid_text',
  'date_out_of_range',
  'bounds_nothing',
  'daily_above_monthly',
  'unknown_asset',
  'reason_only_on_rejection',
  'note_only_on_close',
  'assignee_required',
  'expected_required',
  ...IVMS_ISSUE_RULES,
  'vasp_or_self_hosted',
  'proof_with_evidence',
  'proof_evidence_required',
  'proof_evidence_other_method',
  'self_hosted_customer',
  'trp_issue_or_revoke',
  'url',
]);

/** Bounds on these are amounts, not lengths (zod names an `.int()` bound's origin "int"). */
const NUMERIC_ORIGINS = new Set(['number', 'int', 'bigint', 'date']);

/**
 * The origin of a size bound: how "3" reads (characters, a number, choices). A bound that excludes
 * itself (`.positive()`: above 0) reads "more than".
 */
function sized(prefix: 'too_small' | 'too_big', params: Readonly<Record<string, unknown>>): IssueKey {
  if (NUMERIC_ORIGINS.has(String(params.origin))) {
    const exclusive = params.inclusive === false || params.inclusive === 0;
    if (exclusive) return prefix === 'too_small' ? 'above_number' : 'below_number';
    return `${prefix}_number`;
  }
  if (params.origin === 'array' || params.origin === 'set') return `${prefix}_array`;
  return `${prefix}_string`;
}

function issueKey(issue: FieldIssue, formats: FormatTexts): IssueKey {
  const params = issue.params ?? {};
  const rule = typeof params.rule === 'string' ? params.rule : undefined;
  switch (issue.code) {
    case 'too_small':
      return !NUMERIC_ORIGINS.has(String(params.origin)) && Number(params.minimum) <= 1
        ? 'required'
        : sized('too_small', params);
    case 'too_big':
      return sized('too_big', params);
    case 'invalid_type':
      // The forms send every field; a wrong type means a required value is missing.
      return 'required';
    case 'invalid_format':
      if (params.format === 'email') return 'email';
      if (params.format === 'datetime') return 'datetime';
      if (params.format === 'url') return 'url';
      return formats[issue.path] ?? 'invalid_format';
    case 'invalid_value':
      return 'invalid_value';
    default: {
      // A contract rule: its code travels as `params.rule` of a custom issue, or as the issue code.
      const named = rule ?? issue.code;
      return named && ISSUE_KEYS.has(named) ? (named as IssueKey) : (formats[issue.path] ?? 'invalid');
    }
  }
}

/** The text of one field issue, with its bounds filled in. */
export function issueText(issue: FieldIssue, formats: FormatTexts = {}): string {
  const params = issue.params ?? {};
  // A refusal the catalogue names (an unknown customer type) says what its code says.
  if (isErrorCode(issue.code)) return codeText(issue.code, params);
  return t(`issues.${issueKey(issue, formats)}`, {
    minimum: params.minimum,
    maximum: params.maximum,
    decimals: params.decimals,
    example: decimalExample(currentLocale()),
  });
}

/** Field path → the first issue's text: the shape Mantine's form errors take. */
export function issuesByField(
  issues: readonly FieldIssue[],
  formats: FormatTexts = {},
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.path] ??= issueText(issue, formats);
  return errors;
}

/** A zod issue as a field issue: the path joined with dots, bounds and rule kept as params. */
export function fromZodIssue(issue: { path: readonly PropertyKey[]; code: string }): FieldIssue {
  const { params, minimum, maximum, origin, format, inclusive } = issue as Record<string, unknown>;
  return {
    path: issue.path.map(String).join('.'),
    code: issue.code,
    params: {
      ...(typeof params === 'object' ? params : {}),
      ...(minimum === undefined ? {} : { minimum: Number(minimum) }),
      ...(maximum === undefined ? {} : { maximum: Number(maximum) }),
      ...(origin === undefined ? {} : { origin }),
      ...(format === undefined ? {} : { format }),
      ...(inclusive === undefined ? {} : { inclusive }),
    },
  };
}

const asText = (value: unknown) => (typeof value === 'string' ? value : null);

/** Params as the sentence shows them: amounts grouped for the locale, states and kinds in words. */
function localParams(params: Readonly<Record<string, unknown>> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const text = String(value);
    if (name === 'amount') out[name] = amountText(currentLocale(), text, asText(params.asset));
    else if (name === 'status' || name === 'kind') out[name] = t(`values.${text}`, { defaultValue: text });
    else if (name === 'feature') out[name] = t(`pdfFeatures.${text}`, { defaultValue: text });
    else out[name] = text;
  }
  return out;
}

/** The code a failed call carries, also when only the HTTP status says what went wrong. */
export function errorCode(error: unknown): ErrorCode | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  if (isErrorCode(error.code)) return error.code;
  if (error.status >= 500) return 'INTERNAL';
  if (error.status === 404) return 'NOT_FOUND';
  if (error.status === 403) return 'FORBIDDEN';
  if (error.status === 429) return 'TOO_MANY_REQUESTS';
  return undefined;
}

/** The member's-language text of a catalogue code with its params (a refusal the server foresees). */
export const codeText = (code: ErrorCode, params?: Readonly<Record<string, unknown>>): string =>
  t(`codes.${code}`, localParams(params));

/** A failed call in one sentence (or one line per field for a refused form sent from elsewhere). */
export function errorText(error: unknown, fieldLabel: (path: string) => string = (path) => path): string {
  // fetch rejects with a TypeError when the server cannot be reached at all.
  if (error instanceof TypeError) return t('network');
  const code = errorCode(error);
  if (!code) return t('unknown');
  const body = (error as ApiRequestError).body;
  if (code === 'VALIDATION_FAILED' && body?.issues?.length)
    return body.issues.map((issue) => `${fieldLabel(issue.path)}: ${issueText(issue)}`).join('\n');
  return codeText(code, body?.params);
}
