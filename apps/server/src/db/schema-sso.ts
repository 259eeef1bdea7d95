// Single sign-on (migration 0050_single_sign_on): sign-ins under way and members' provider identities.
import { sql } from 'drizzle-orm';
import {
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { staffMembers, staffSessions } from './schema.ts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const ssoLogins = pgTable(
  'sso_logins',
  {
    stateHash: bytea('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sso_logins_expires_idx').on(t.expiresAt)],
);

export const staffIdentities = pgTable(
  'staff_identities',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => staffMembers.id),
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    linkedAt: ts('linked_at').notNull().defaultNow(),
    lastSignInAt: ts('last_sign_in_at'),
  },
  (t) => [
    unique('staff_identities_subject_key').on(t.issuer, t.subject),
    index('staff_identities_member_idx').on(t.memberId),
  ],
);

// Sign-out with a provider (migration 0055_sso_logout): the sessions a provider's sign-in opened, and
// the back-channel logout tokens already taken.
export const ssoSessions = pgTable(
  'sso_sessions',
  {
    sessionId: uuid('session_id')
      .primaryKey()
      .references(() => staffSessions.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    sid: text('sid'),
    idToken: text('id_token').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('sso_sessions_subject_idx').on(t.issuer, t.subject),
    index('sso_sessions_sid_idx').on(t.issuer, t.sid).where(sql`sid IS NOT NULL`),
  ],
);

export const ssoLogoutTokens = pgTable(
  'sso_logout_tokens',
  {
    issuer: text('issuer').notNull(),
    jti: text('jti').notNull(),
    seenAt: ts('seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.jti] }), index('sso_logout_tokens_expires_idx').on(t.expiresAt)],
);
