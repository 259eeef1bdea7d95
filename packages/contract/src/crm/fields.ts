import { z } from 'zod';

/** Texts of the customer form rules; the web client shows its locale text for each rule. */
export const FIELD_RULES = {
  nameMax: 100,
  emailMax: 254,
  userNameMin: 3,
  userNameMax: 64,
} as const;

/** Optional text: blank means "not given". */
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max).optional(),
  );

export const NameSchema = z.string().trim().min(1).max(FIELD_RULES.nameMax);
export const EmailSchema = z.email('Enter a valid email address').max(FIELD_RULES.emailMax);
/**
 * E.164-ish: an optional +, then 7 to 15 digits, single spaces or dashes allowed between digits
 * (upstream stores "+90 532 123 45 67" as well as "05321234567").
 */
export const PhoneSchema = z
  .string()
  .trim()
  .regex(/^\+?\d(?:[ -]?\d){6,14}$/, 'Enter a phone number such as +90 532 123 45 67');
export const UserNameSchema = z
  .string()
  .trim()
  .min(FIELD_RULES.userNameMin)
  .max(FIELD_RULES.userNameMax)
  .regex(/^[\p{L}\p{N}._-]+$/u, 'Use letters, digits, dots, dashes or underscores only');

/** An email a member must give: blank is "required", not "not given" (docs/product-rules.md R11). */
export const RequiredEmailSchema = z.string().trim().min(1).pipe(EmailSchema);
/** A phone a member may clear: blank becomes null, which removes the stored number (R11). */
export const clearablePhone = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  PhoneSchema.nullable().optional(),
);

/** A blank query parameter means "no filter" (a cleared select sends `?status=`). */
export const optionalFilter = (max = 100) => optionalText(max);

/** The fewest digits a phone filter takes: fewer would match most numbers (and no index helps). */
export const PHONE_FILTER_MIN_DIGITS = 3;
/**
 * A phone filter as typed ("+90 532", "(212) 555-01"): digits with the usual signs between them.
 * Its digits match anywhere in a stored number's digits; blank means "any".
 */
export const phoneFilter = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .max(30)
      .regex(/^\+?[\d ().-]+$/, 'Digits, spaces, +, -, ( and ) only')
      .refine((v) => v.replace(/\D/g, '').length >= PHONE_FILTER_MIN_DIGITS, {
        message: `At least ${PHONE_FILTER_MIN_DIGITS} digits`,
      })
      .optional(),
  );
