import { type PasswordProblem, settingsApi } from '@backdesk/contract';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { AppError } from '../../../lib/app-error.ts';

/**
 * The one password policy of Backdesk, for every password a member sets (their own change, and any
 * other place that sets one). Checked offline: zxcvbn's dictionaries ship with the server, so no
 * password ever leaves it. `reused` is the caller's check: it needs the member's password hashes.
 */

let estimator: Promise<ZxcvbnFactory> | undefined;
/**
 * Loaded and built on first use: the packages take a third of a second to load and the dictionaries
 * a moment to index, which a start would pay for the rare request that sets a password.
 */
const strength = () =>
  (estimator ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([{ ZxcvbnFactory }, common, en]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
      }),
  ));

/** zxcvbn's scale is 0–4; 3 is "safely unguessable" against an offline attack on a slow hash. */
const MIN_SCORE = 3;
/** A name part shorter than this ("al", "ek") turns up inside ordinary words. */
const MIN_NAME_PART = 3;

/** Lower case without accents, dotted and dotless i alike, so "SELİN" and "selin" compare equal. */
export const foldText = (text: string) =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').replace(/ı/g, 'i').toLowerCase();

export interface PasswordOwner {
  userName: string;
  displayName?: string | null;
  email?: string | null;
}

/** The words of the member's identity a password must not contain. */
function nameParts(owner: PasswordOwner): string[] {
  const local = owner.email?.split('@')[0] ?? '';
  const words = [owner.userName, local, ...(owner.displayName ?? '').split(/\s+/), ...local.split(/[._+-]/)];
  return [...new Set(words.map(foldText).filter((word) => word.length >= MIN_NAME_PART))];
}

/** Whether common passwords ("password", "123456", "iloveyou") make up at least half of it. */
function mostlyCommon(password: string, sequence: { token: string; dictionaryName?: string }[]): boolean {
  const covered = sequence
    .filter((match) => match.dictionaryName === 'passwords-common')
    .reduce((sum, match) => sum + match.token.length, 0);
  return covered * 2 >= password.length;
}

/** What is wrong with a new password; an empty list means it is accepted. */
export async function checkNewPassword(password: string, owner: PasswordOwner): Promise<PasswordProblem[]> {
  const problems: PasswordProblem[] = [];
  const length = [...password].length;
  if (length < settingsApi.PASSWORD_RULES.minLength) problems.push('too_short');
  if (length > settingsApi.PASSWORD_RULES.maxLength) return [...problems, 'too_long'];
  const folded = foldText(password);
  const parts = nameParts(owner);
  if (parts.some((part) => folded.includes(part))) problems.push('contains_name');
  const result = (await strength()).check(password, parts);
  if (mostlyCommon(password, result.sequence as { token: string; dictionaryName?: string }[])) {
    problems.push('common');
  }
  // The catch-all: said only when no more precise problem explains it.
  if (problems.length === 0 && result.score < MIN_SCORE) problems.push('weak');
  return problems;
}

/** The refusal of a password with these problems: each named as an issue of `field`, for the form. */
export const passwordRejected = (problems: PasswordProblem[], field = 'newPassword') =>
  new AppError(
    'PASSWORD_REJECTED',
    { problems: problems.join(', ') },
    { issues: problems.map((code) => ({ path: field, code, message: `Password refused: ${code}` })) },
  );
