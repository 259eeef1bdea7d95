import { z } from 'zod';
import { MEMBER_SOURCES, SSO_PROVIDER_ID } from './auth.ts';
import { defineEndpoint } from './endpoint.ts';
import { SerialIdSchema, VersionSchema } from './list.ts';
import { PANEL_ROLES } from './roles.ts';
import { DisplayNameSchema, OptionalEmailSchema } from './settings.ts';

/**
 * Staff members as a super manages them (docs/product-rules.md R1, capability `staff`): create with a
 * one-time password, change roles, disable and enable, end sessions. Two-factor reset is
 * `resetMemberTwoFactor` of two-factor.ts.
 */

/** The roles a member may hold: the panel roles, and `support`, which may not use the panel. */
export const STAFF_ROLES = [...PANEL_ROLES, 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const MEMBER_STATUSES = ['active', 'disabled'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
/** Where a member comes from (docs/sso.md): an sso or scim member's roles are the provider's. */
export { MEMBER_SOURCES };

/** A member's identity at a single sign-on provider: the issuer's subject, never an email alone. */
export const MemberIdentitySchema = z.object({
  provider: z.string(),
  subject: z.string(),
  email: z.string().nullable(),
  linked_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});
export type MemberIdentity = z.infer<typeof MemberIdentitySchema>;

export const MemberSchema = z.object({
  id: z.number().int(),
  user_name: z.string(),
  display_name: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
  status: z.enum(MEMBER_STATUSES),
  source: z.enum(MEMBER_SOURCES),
  /** The provider identities the member signs in with, the first linked first. */
  identities: z.array(MemberIdentitySchema),
  /** Whether the member has a second sign-in step (an authenticator app or a passkey). */
  two_factor: z.boolean(),
  must_change_password: z.boolean(),
  last_sign_in_at: z.string().nullable(),
  active_sessions: z.number().int(),
  created_at: z.string(),
  version: z.number().int(),
});
export type Member = z.infer<typeof MemberSchema>;

export const listMembers = defineEndpoint({
  method: 'GET',
  path: '/api/members',
  summary: 'Every staff member with roles, status, two-factor state and last sign-in, by name',
  tags: ['members'],
  access: 'staff',
  response: z.object({ items: z.array(MemberSchema) }),
});

export const UserNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9._-]{1,39}$/, 'Use 2 to 40 letters, digits, dots, dashes or underscores');

const RolesSchema = z
  .array(z.enum(STAFF_ROLES))
  .min(1)
  .max(STAFF_ROLES.length)
  .refine((roles) => new Set(roles).size === roles.length, { message: 'A role is listed twice' });

export const CreateMemberBodySchema = z.object({
  user_name: UserNameSchema,
  display_name: DisplayNameSchema,
  email: OptionalEmailSchema,
  roles: RolesSchema,
});
export type CreateMemberBody = z.input<typeof CreateMemberBodySchema>;

export const createMember = defineEndpoint({
  method: 'POST',
  path: '/api/members/create',
  summary:
    'Create a staff member; then issue their one-time password. Send an Idempotency-Key so a retry creates them once',
  tags: ['members'],
  access: 'staff',
  errors: ['STAFF_MEMBER_EXISTS'],
  idempotent: true,
  body: CreateMemberBodySchema,
  response: z.object({ success: z.literal(true), member: MemberSchema }),
});

/** A member as the super loaded it: a change with a stale version is refused (STALE_EDIT). */
export const MemberRefBodySchema = z.object({ id: SerialIdSchema, version: VersionSchema });

export const issueOneTimePassword = defineEndpoint({
  method: 'POST',
  path: '/api/members/one-time-password',
  summary:
    'Give a member a new one-time password, shown once in this answer and never stored readable; they must change it at sign-in and their sign-ins end',
  tags: ['members'],
  access: 'staff',
  errors: ['OWN_ACCOUNT', 'MEMBER_NOT_FOUND', 'STALE_EDIT'],
  body: MemberRefBodySchema,
  response: z.object({ success: z.literal(true), member: MemberSchema, one_time_password: z.string() }),
});

export const ChangeRolesBodySchema = MemberRefBodySchema.extend({ roles: RolesSchema });
export type ChangeRolesBody = z.input<typeof ChangeRolesBodySchema>;

export const changeMemberRoles = defineEndpoint({
  method: 'POST',
  path: '/api/members/roles',
  summary: "Change a member's roles; the last active super keeps super, and no super removes their own",
  tags: ['members'],
  access: 'staff',
  errors: ['OWN_SUPER_ROLE', 'LAST_SUPER', 'MEMBER_NOT_FOUND', 'MEMBER_ROLES_FROM_PROVIDER', 'STALE_EDIT'],
  body: ChangeRolesBodySchema,
  response: z.object({ success: z.literal(true), member: MemberSchema }),
});

export const disableMember = defineEndpoint({
  method: 'POST',
  path: '/api/members/disable',
  summary: 'Disable a member: their sign-ins end at once on every node',
  tags: ['members'],
  access: 'staff',
  errors: ['OWN_ACCOUNT', 'LAST_SUPER', 'MEMBER_NOT_FOUND', 'STALE_EDIT'],
  body: MemberRefBodySchema,
  response: z.object({ success: z.literal(true), member: MemberSchema }),
});

export const enableMember = defineEndpoint({
  method: 'POST',
  path: '/api/members/enable',
  summary: 'Enable a disabled member again',
  tags: ['members'],
  access: 'staff',
  errors: ['MEMBER_NOT_FOUND', 'STALE_EDIT'],
  body: MemberRefBodySchema,
  response: z.object({ success: z.literal(true), member: MemberSchema }),
});

export const endMemberSessions = defineEndpoint({
  method: 'POST',
  path: '/api/members/sessions/end',
  summary: 'End every sign-in of a member, at once on every node',
  tags: ['members'],
  access: 'staff',
  errors: ['MEMBER_NOT_FOUND'],
  body: z.object({ id: SerialIdSchema }),
  response: z.object({ success: z.literal(true), sessions_ended: z.number().int() }),
});

/** A provider's subject as its tokens carry it (OpenID Connect Core: `sub` is at most 255 ASCII characters). */
const SubjectSchema = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .regex(/^[\x20-\x7e]+$/, "ASCII letters, digits and punctuation, as the provider's tokens carry it");

export const LinkIdentityBodySchema = MemberRefBodySchema.extend({
  provider: z.string().regex(SSO_PROVIDER_ID),
  subject: SubjectSchema,
});
export type LinkIdentityBody = z.input<typeof LinkIdentityBodySchema>;

export const linkMemberIdentity = defineEndpoint({
  method: 'POST',
  path: '/api/members/identities/link',
  summary:
    "Link a member to their identity at a single sign-on provider (its subject, as the provider's access-log row or admin console shows it): their next sign-in there is theirs",
  tags: ['members'],
  access: 'staff',
  errors: [
    'MEMBER_NOT_FOUND',
    'STALE_EDIT',
    'SSO_PROVIDER_UNKNOWN',
    'IDENTITY_ALREADY_LINKED',
    'IDENTITY_TAKEN',
  ],
  body: LinkIdentityBodySchema,
  response: z.object({ success: z.literal(true), member: MemberSchema }),
});

export const UnlinkIdentityBodySchema = MemberRefBodySchema.extend({
  provider: z.string().regex(SSO_PROVIDER_ID),
});

export const unlinkMemberIdentity = defineEndpoint({
  method: 'POST',
  path: '/api/members/identities/unlink',
  summary:
    "Unlink a member's identity at a provider: the sign-ins it opened end at once on every node; a member made by single sign-on with no identity left becomes local",
  tags: ['members'],
  access: 'staff',
  errors: ['MEMBER_NOT_FOUND', 'STALE_EDIT', 'IDENTITY_NOT_LINKED'],
  body: UnlinkIdentityBodySchema,
  response: z.object({ success: z.literal(true), member: MemberSchema, sessions_ended: z.number().int() }),
});
