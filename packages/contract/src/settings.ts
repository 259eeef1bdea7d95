import { z } from 'zod';
import { TimeZoneNameSchema } from './dates.ts';
import { defineEndpoint } from './endpoint.ts';
import { FRAUD_SEVERITIES, type FraudSeverity } from './fraud/keys.ts';
import { VersionSchema } from './list.ts';

/**
 * A member's own settings: profile, language and colour mode, password, sign-ins and which events
 * reach their inbox. Every endpoint acts on the caller only, so any signed-in member may call it
 * (`read` is held by every panel role).
 */

export const MEMBER_LANGUAGES = ['en', 'tr'] as const;
export type MemberLanguage = (typeof MEMBER_LANGUAGES)[number];
/** As R27's `nuxt-color-mode` key holds them. */
export const COLOR_MODES = ['light', 'dark', 'system'] as const;
export type ColorMode = (typeof COLOR_MODES)[number];

/** The password policy's refusals (apps/server/src/modules/settings/members/password-policy.ts). */
export const PASSWORD_PROBLEMS = [
  'too_short',
  'too_long',
  'common',
  'contains_name',
  'weak',
  'reused',
] as const;
export type PasswordProblem = (typeof PASSWORD_PROBLEMS)[number];
export const PASSWORD_RULES = { minLength: 12, maxLength: 200 } as const;

export const DisplayNameSchema = z.string().trim().min(1).max(100);
/** An email a member may leave blank: blank means none. */
export const OptionalEmailSchema = z
  .string()
  .trim()
  .max(254)
  .nullable()
  .transform((value) => value || null)
  .pipe(z.email('Enter a valid email address').nullable());

export const ProfileSchema = z.object({
  id: z.number().int(),
  user_name: z.string(),
  display_name: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
  /** null until the member first chooses: the browser's own choice then stands. */
  language: z.enum(MEMBER_LANGUAGES).nullable(),
  color_mode: z.enum(COLOR_MODES).nullable(),
  /** The display time zone of reports (IANA); null until chosen: the browser's zone then stands. */
  time_zone: z.string().nullable(),
  must_change_password: z.boolean(),
  password_changed_at: z.string().nullable(),
  version: z.number().int(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const getProfile = defineEndpoint({
  method: 'GET',
  path: '/api/settings/profile',
  summary: "The signed-in member's profile, language and colour mode",
  tags: ['settings'],
  access: 'read',
  response: ProfileSchema,
});

export const UpdateProfileBodySchema = z.object({
  display_name: DisplayNameSchema,
  email: OptionalEmailSchema,
  version: VersionSchema,
});
export type UpdateProfileBody = z.input<typeof UpdateProfileBodySchema>;

export const updateProfile = defineEndpoint({
  method: 'POST',
  path: '/api/settings/profile',
  summary: 'Change the display name and email of the signed-in member (with the version loaded)',
  tags: ['settings'],
  access: 'read',
  errors: ['STALE_EDIT'],
  body: UpdateProfileBodySchema,
  response: z.object({ success: z.literal(true), profile: ProfileSchema }),
});

export const UpdatePreferencesBodySchema = z
  .object({
    language: z.enum(MEMBER_LANGUAGES).optional(),
    color_mode: z.enum(COLOR_MODES).optional(),
    /** Checked by the server against the zones it knows (REPORT_UNKNOWN_TIME_ZONE); null: the browser's. */
    time_zone: TimeZoneNameSchema.nullable().optional(),
  })
  .refine((b) => b.language !== undefined || b.color_mode !== undefined || b.time_zone !== undefined, {
    message: 'Send a language, a colour mode or a time zone',
  });
export type UpdatePreferencesBody = z.input<typeof UpdatePreferencesBodySchema>;

export const updatePreferences = defineEndpoint({
  method: 'POST',
  path: '/api/settings/preferences',
  summary: "Keep the signed-in member's language and colour mode on the server",
  tags: ['settings'],
  access: 'read',
  errors: ['REPORT_UNKNOWN_TIME_ZONE'],
  body: UpdatePreferencesBodySchema,
  response: z.object({ success: z.literal(true), profile: ProfileSchema }),
});

export const ChangePasswordBodySchema = z.object({
  currentPassword: z.string().min(1).max(PASSWORD_RULES.maxLength),
  // The policy (length included) is checked on the server, so every refusal names its reason.
  newPassword: z.string().min(1).max(1000),
});
export type ChangePasswordBody = z.input<typeof ChangePasswordBodySchema>;

export const changePassword = defineEndpoint({
  method: 'POST',
  path: '/api/settings/password',
  summary: "Change the signed-in member's password; their other sign-ins end",
  tags: ['settings'],
  access: 'read',
  errors: [
    'TOO_MANY_REQUESTS',
    'CURRENT_PASSWORD_WRONG',
    'PASSWORD_REJECTED',
    'STALE_EDIT',
    'MANAGED_BY_PROVIDER',
  ],
  body: ChangePasswordBodySchema,
  response: z.object({ success: z.literal(true), sessions_ended: z.number().int() }),
});

export const SessionSchema = z.object({
  id: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
  /** The sign-in this request came with. */
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;

export const listSessions = defineEndpoint({
  method: 'GET',
  path: '/api/settings/sessions',
  summary: "The signed-in member's active sign-ins, the latest first",
  tags: ['settings'],
  access: 'read',
  response: z.object({ items: z.array(SessionSchema) }),
});

export const revokeSession = defineEndpoint({
  method: 'POST',
  path: '/api/settings/sessions/revoke',
  summary: 'End one of the signed-in member’s sign-ins, at once on every node',
  tags: ['settings'],
  access: 'read',
  errors: ['SESSION_NOT_FOUND'],
  body: z.object({ sessionId: z.uuid() }),
  response: z.object({ success: z.literal(true) }),
});

export const revokeOtherSessions = defineEndpoint({
  method: 'POST',
  path: '/api/settings/sessions/revoke-others',
  summary: 'End every sign-in of the member but the one this request came with',
  tags: ['settings'],
  access: 'read',
  response: z.object({ success: z.literal(true), sessions_ended: z.number().int() }),
});

// ── Notification preferences ──────────────────────────────────────────────

/** What can reach a member's inbox; a fraud alert also by its severity. */
export const NOTIFICATION_KINDS = [
  'kyc_waiting',
  'fraud_alert',
  'withdrawal_review',
  'p2p_dispute',
  'four_eyes_request',
  'system_notice',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface NotificationEvent {
  kind: NotificationKind;
  /** Set for a fraud alert only. */
  severity: FraudSeverity | null;
}

/** Every event a member chooses for, in the order the page lists them. */
export const NOTIFICATION_EVENTS: readonly NotificationEvent[] =
  NOTIFICATION_KINDS.flatMap<NotificationEvent>((kind) =>
    kind === 'fraud_alert'
      ? FRAUD_SEVERITIES.map((severity) => ({ kind, severity }))
      : [{ kind, severity: null }],
  );

/**
 * What a member gets before choosing: everything in the inbox but low-severity fraud alerts, and no
 * desktop notification (the browser must be asked for its permission first).
 */
export const defaultNotificationPreference = (event: NotificationEvent) => ({
  inbox: !(event.kind === 'fraud_alert' && event.severity === 'low'),
  desktop: false,
});

export const NotificationPreferenceSchema = z
  .object({
    kind: z.enum(NOTIFICATION_KINDS),
    severity: z.enum(FRAUD_SEVERITIES).nullable(),
    inbox: z.boolean(),
    desktop: z.boolean(),
  })
  .refine((p) => (p.kind === 'fraud_alert') === (p.severity !== null), {
    path: ['severity'],
    message: 'A fraud alert needs its severity; other events have none',
  });
export type NotificationPreference = z.infer<typeof NotificationPreferenceSchema>;

export const getNotificationPreferences = defineEndpoint({
  method: 'GET',
  path: '/api/settings/notifications',
  summary: 'Which events reach the signed-in member’s inbox, and which also as a desktop notification',
  tags: ['settings'],
  access: 'read',
  response: z.object({ items: z.array(NotificationPreferenceSchema) }),
});

/** One event's key, e.g. `fraud_alert.high`. */
export const notificationEventKey = (event: NotificationEvent) =>
  event.severity ? `${event.kind}.${event.severity}` : event.kind;

export const UpdateNotificationPreferencesBodySchema = z.object({
  items: z
    .array(NotificationPreferenceSchema)
    .min(1)
    .max(NOTIFICATION_EVENTS.length)
    .refine((items) => new Set(items.map(notificationEventKey)).size === items.length, {
      message: 'An event is listed twice',
    }),
});
export type UpdateNotificationPreferencesBody = z.input<typeof UpdateNotificationPreferencesBodySchema>;

export const updateNotificationPreferences = defineEndpoint({
  method: 'POST',
  path: '/api/settings/notifications',
  summary: 'Change some or all of the signed-in member’s notification choices',
  tags: ['settings'],
  access: 'read',
  body: UpdateNotificationPreferencesBodySchema,
  response: z.object({ success: z.literal(true), items: z.array(NotificationPreferenceSchema) }),
});
