import { z } from 'zod';
import { LoginResponseSchema } from './auth.ts';
import { defineEndpoint } from './endpoint.ts';
import { SerialIdSchema } from './list.ts';

/**
 * Two-factor sign-in: an authenticator app (TOTP, RFC 6238) and passkeys or security keys (WebAuthn),
 * with one-time recovery codes. The second sign-in step (after user name, password and captcha), a
 * member's own set-up on /settings/2FA, a super's reset of a member and the deployment's requirement
 * for admin and super.
 */

/** The roles a super's "two-factor required for admin and super" setting applies to. */
export const TWO_FACTOR_REQUIRED_ROLES: readonly string[] = ['admin', 'super'];

export const TWO_FACTOR_METHODS = ['totp', 'passkey', 'recovery'] as const;

/** What a code or recovery code given as a second factor can be refused for. */
const SECOND_FACTOR_REFUSALS = [
  'TWO_FACTOR_CODE_INVALID',
  'TWO_FACTOR_CODE_EXPIRED',
  'TWO_FACTOR_CODE_REUSED',
  'RECOVERY_CODE_INVALID',
  'RECOVERY_CODE_USED',
  'TWO_FACTOR_KEY_UNREADABLE',
] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

/** Six digits, as authenticator apps show them (spaces a member may type in between are dropped). */
export const TotpCodeSchema = z
  .string()
  .max(20)
  .transform((code) => code.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6 digits your app shows'));

/** As shown: 12 letters and digits in groups of four; case, spaces and dashes do not matter. */
export const RecoveryCodeSchema = z
  .string()
  .max(40)
  .transform((code) => code.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-7]{12}$/, 'Enter a recovery code as shown, e.g. ABCD-EFGH-2345'));

/** The opaque token of one sign-in's second step, from the login answer. */
export const ChallengeTokenSchema = z.string().min(20).max(100);

/**
 * Post-quantum keys (ML-DSA, COSE -48…-50), which authenticators and runtimes now offer, sign with up to
 * 4,627 bytes and publish keys of up to 2,592: the bounds leave room for them.
 */
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[\w-]*={0,2}$/, 'base64url');

/** What `navigator.credentials.create()` gives, as @simplewebauthn/browser serialises it. */
export const RegistrationCredentialSchema = z.object({
  id: b64url(1400).min(1),
  rawId: b64url(1400).min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4000),
    attestationObject: b64url(20000),
    authenticatorData: b64url(20000).optional(),
    transports: z.array(z.string().max(20)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(8000).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/** What `navigator.credentials.get()` gives, serialised the same way. */
export const AuthenticationCredentialSchema = z.object({
  id: b64url(1400).min(1),
  rawId: b64url(1400).min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4000),
    authenticatorData: b64url(4000),
    signature: b64url(8000),
    userHandle: b64url(200).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/** WebAuthn options for the browser (challenge, relying party, allowed credentials…), passed on as is. */
const WebAuthnOptionsSchema = z.object({ challenge: z.string() }).loose();

// ── The sign-in's second step (public: the challenge token is the proof of the first) ─────────

export const SecondStepCodeBodySchema = z.object({
  challenge: ChallengeTokenSchema,
  method: z.enum(['totp', 'recovery']),
  code: z.string().trim().min(1).max(40),
});
export type SecondStepCodeBody = z.input<typeof SecondStepCodeBodySchema>;

export const verifySignInCode = defineEndpoint({
  method: 'POST',
  path: '/api/auth/two-factor/code',
  summary:
    "Second sign-in step with a code from the member's authenticator app or a recovery code; sets the session cookies",
  tags: ['auth', 'two-factor'],
  access: 'public',
  errors: [
    'TOO_MANY_REQUESTS',
    'TWO_FACTOR_CHALLENGE_EXPIRED',
    'TWO_FACTOR_THROTTLED',
    ...SECOND_FACTOR_REFUSALS,
    'ACCESS_DENIED',
    'LOGIN_FAILED',
  ],
  body: SecondStepCodeBodySchema,
  response: LoginResponseSchema,
});

export const signInPasskeyOptions = defineEndpoint({
  method: 'POST',
  path: '/api/auth/two-factor/passkey/options',
  summary: "WebAuthn options to sign the second step with one of the member's passkeys",
  tags: ['auth', 'two-factor'],
  access: 'public',
  errors: ['TOO_MANY_REQUESTS', 'TWO_FACTOR_CHALLENGE_EXPIRED', 'PASSKEY_UNKNOWN'],
  body: z.object({ challenge: ChallengeTokenSchema }),
  response: WebAuthnOptionsSchema,
});

export const verifySignInPasskey = defineEndpoint({
  method: 'POST',
  path: '/api/auth/two-factor/passkey',
  summary: 'Second sign-in step with a passkey or security key; sets the session cookies',
  tags: ['auth', 'two-factor'],
  access: 'public',
  errors: [
    'TOO_MANY_REQUESTS',
    'TWO_FACTOR_CHALLENGE_EXPIRED',
    'TWO_FACTOR_THROTTLED',
    'PASSKEY_UNKNOWN',
    'PASSKEY_REJECTED',
    'ACCESS_DENIED',
    'LOGIN_FAILED',
  ],
  body: z.object({ challenge: ChallengeTokenSchema, credential: AuthenticationCredentialSchema }),
  response: LoginResponseSchema,
});

// ── A member's own set-up (/settings/2FA); any panel member, for themselves ─────────────────

export const PasskeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  totp: z.object({ created_at: z.string(), last_used_at: z.string().nullable() }).nullable(),
  passkeys: z.array(PasskeySchema),
  recovery_codes_left: z.number().int(),
  /** The deployment requires two-factor of admin and super (a super's setting). */
  required_for_admins: z.object({ value: z.boolean(), version: z.number().int() }),
  /** Whether that requirement applies to this member. */
  required_for_me: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatusSchema>;

export const getTwoFactorStatus = defineEndpoint({
  method: 'GET',
  path: '/api/settings/two-factor',
  summary: "The signed-in member's second factors, recovery codes left and the requirement setting",
  tags: ['settings', 'two-factor'],
  access: 'read',
  response: TwoFactorStatusSchema,
});

export const TotpEnrolmentSchema = z.object({
  /** The key in base32, for typing into an app by hand. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The otpauth URL as a QR code, an SVG document drawn on the server. */
  qr_svg: z.string(),
  expires_at: z.string(),
});
export type TotpEnrolment = z.infer<typeof TotpEnrolmentSchema>;

export const startTotpEnrolment = defineEndpoint({
  method: 'POST',
  path: '/api/settings/two-factor/totp/start',
  summary: 'A fresh authenticator-app key to scan; it turns on only once a correct code confirms it',
  tags: ['settings', 'two-factor'],
  access: 'read',
  errors: ['TWO_FACTOR_ALREADY_ENABLED', 'MANAGED_BY_PROVIDER'],
  response: TotpEnrolmentSchema,
});

/** Shown once: only their keyed hashes are kept. Present when this change turned two-factor on. */
const RecoveryCodesSchema = z.array(z.string());

export const confirmTotpEnrolment = defineEndpoint({
  method: 'POST',
  path: '/api/settings/two-factor/totp/confirm',
  summary: 'Turn the authenticator app on with a correct code; the first second factor brings recovery codes',
  tags: ['settings', 'two-factor'],
  access: 'read',
  errors: [
    'TWO_FACTOR_ALREADY_ENABLED',
    'TWO_FACTOR_ENROLMENT_EXPIRED',
    'TWO_FACTOR_THROTTLED',
    'TWO_FACTOR_CODE_INVALID',
    'TWO_FACTOR_CODE_EXPIRED',
    'TWO_FACTOR_KEY_UNREADABLE',
  ],
  body: z.object({ code: TotpCodeSchema }),
  response: z.object({ success: z.literal(true), recovery_codes: RecoveryCodesSchema.nullable() }),
});

export const passkeyRegistrationOptions = defineEndpoint({
  method: 'POST',
  path: '/api/settings/two-factor/passkeys/options',
  summary: 'WebAuthn options to register a passkey or security key for the signed-in member',
  tags: ['settings', 'two-factor'],
  access: 'read',
  errors: ['MANAGED_BY_PROVIDER'],
  response: WebAuthnOptionsSchema,
});

export const PasskeyNameSchema = z.string().trim().min(1).max(100);

export const addPasskey = defineEndpoint({
  method: 'POST',
  path: '/api/settings/two-factor/passkeys/add',
  summary: 'Register a passkey or security key under a name of the member’s choosing',
  tags: ['settings', 'two-factor'],
  access: 'read',
  errors: ['TWO_FACTOR_CHALLENGE_EXPIRED', 'PASSKEY_NAME_TAKEN', 'TWO_FACTOR_THROTTLED', 'PASSKEY_REJECTED'],
  body: z.object({ name: PasskeyNameSchema, credential: RegistrationCredentialSchema }),
  response: z.object({
    success: z.literal(true),
    passkey: PasskeySchema,
    recovery_codes: RecoveryCodesSchema.nullable(),
  }),
});

export const removePasskey = defineEndpoint({
  method: 'POST',
  path: '/api/settings/two-factor/passkeys/remove',
  summary: 'Remove one of the member’s passkeys (not the last second factor: turn two-factor off instead)',
  tags: ['settings', 'two-factor'],
  access: 'read',
  errors: ['PASSKEY_NOT_FOUND', 'TWO_FACTOR_LAST_METHOD'],
  body: z.object({ id: SerialIdSchema }),
  response: z.object({ success: z.literal(true) }),
});

export const renewRecoveryCodes = defineEndpoint({
  method: 'POST',
  path: '/api/settings/two-factor/recovery-codes',
  summary: 'Ten new recovery codes, shown once; the earlier ones stop working. Needs the password',
  tags: ['settings', 'two-factor'],
  access: 'read',
  errors: ['TWO_FACTOR_NOT_ENABLED', 'TWO_FACTOR_THROTTLED', 'CURRENT_PASSWORD_WRONG'],
  body: z.object({ password: z.string().min(1).max(200) }),
  response: z.object({ success: z.literal(true), recovery_codes: RecoveryCodesSchema }),
});

export const disableTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/api/settings/two-factor/disable',
  summary:
    'Turn two-factor off: every second factor and recovery code goes. Needs the password and a current code (app or recovery)',
  tags: ['settings', 'two-factor'],
  access: 'read',
  errors: [
    'TWO_FACTOR_NOT_ENABLED',
    'TWO_FACTOR_THROTTLED',
    'CURRENT_PASSWORD_WRONG',
    ...SECOND_FACTOR_REFUSALS,
  ],
  body: z.object({
    password: z.string().min(1).max(200),
    method: z.enum(['totp', 'recovery']),
    code: z.string().trim().min(1).max(40),
  }),
  response: z.object({ success: z.literal(true) }),
});

// ── A super's side ─────────────────────────────────────────────────────────────────────────

export const setTwoFactorRequirement = defineEndpoint({
  method: 'POST',
  path: '/api/settings/two-factor/requirement',
  summary:
    'Require two-factor of every admin and super: one without is sent to set it up right after sign-in',
  tags: ['settings', 'two-factor'],
  access: 'staff',
  errors: ['STALE_EDIT', 'TWO_FACTOR_REQUIRE_SELF_FIRST'],
  // version 0: the setting was never changed.
  body: z.object({ required: z.boolean(), version: z.number().int().min(0) }),
  response: z.object({ success: z.literal(true), value: z.boolean(), version: z.number().int() }),
});

export const resetMemberTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/api/members/two-factor/reset',
  summary:
    "Remove a member's second factors and recovery codes (a lost phone or key); they sign in with the password alone",
  tags: ['members', 'two-factor'],
  access: 'staff',
  errors: ['TWO_FACTOR_RESET_OWN', 'MEMBER_NOT_FOUND'],
  body: z.object({ id: SerialIdSchema }),
  response: z.object({ success: z.literal(true), methods_removed: z.number().int() }),
});
