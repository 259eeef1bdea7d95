import type { Member, membersApi } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SsoProviderConfig } from '../../../config/sso-config.ts';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { Changes } from '../../platform/audit/changes.ts';
import type { MembersRepository } from '../../platform/auth/members.repository.ts';
import type { MemberSessionsRepository } from './member-sessions.repository.ts';
import { lockedAtVersion } from './members-admin.service.ts';
import type { Caller, StaffEvents } from './staff-events.ts';

type LinkBody = z.output<typeof membersApi.LinkIdentityBodySchema>;
type UnlinkBody = z.output<typeof membersApi.UnlinkIdentityBodySchema>;

/**
 * A super links a member to their identity at a provider (docs/sso.md): the one way an existing
 * member is matched at sign-in besides the provider's verified email. The identity is the provider's
 * issuer and subject, as sign-in finds it; unlinking ends the sign-ins it opened.
 */
export function createMemberIdentitiesService(deps: {
  db: Db;
  repo: MembersRepository;
  sessions: MemberSessionsRepository;
  changes: Changes;
  events: StaffEvents;
  clock: Clock;
  providers: readonly SsoProviderConfig[];
}) {
  const { repo, sessions, changes, events, clock, providers } = deps;
  const current = async (tx: Tx, id: number): Promise<Member> => (await repo.byId(tx, id, clock.now()))!;

  function providerOf(id: string): SsoProviderConfig {
    const provider = providers.find((p) => p.id === id);
    if (!provider) throw new AppError('SSO_PROVIDER_UNKNOWN', { provider: id });
    return provider;
  }

  return {
    async link(body: LinkBody, caller: Caller): Promise<Member> {
      const provider = providerOf(body.provider);
      return changes.run(caller.actor, async (tx) => {
        const before = await lockedAtVersion(repo, tx, body);
        const held = await tx.execute<{ member_id: number; user_name: string; issuer: string }>(sql`
          SELECT i.member_id, m.user_name, i.issuer FROM staff_identities i
          JOIN staff_members m ON m.id = i.member_id
          WHERE (i.issuer = ${provider.issuer} AND i.subject = ${body.subject})
             OR (i.member_id = ${before.id} AND i.issuer = ${provider.issuer})
          FOR UPDATE OF i`);
        const other = held.rows.find((r) => r.member_id !== before.id);
        if (other) throw new AppError('IDENTITY_TAKEN', { userName: other.user_name });
        if (held.rows.length > 0) throw new AppError('IDENTITY_ALREADY_LINKED');
        const at = clock.now();
        await tx.execute(sql`INSERT INTO staff_identities (member_id, provider, issuer, subject, linked_at)
          VALUES (${before.id}, ${provider.id}, ${provider.issuer}, ${body.subject}, ${at})`);
        await repo.update(tx, before.id, {}, at);
        await events.about(tx, 'member_identity_linked', before, caller, {
          provider: provider.id,
          subject: body.subject,
        });
        return {
          result: await current(tx, before.id),
          change: {
            entity: 'staff_member',
            action: 'link_identity',
            entityId: before.id,
            before: { identity: null },
            after: { identity: { provider: provider.id, subject: body.subject } },
          },
        };
      });
    },

    async unlink(body: UnlinkBody, caller: Caller): Promise<{ member: Member; sessionsEnded: number }> {
      return changes.run(caller.actor, async (tx) => {
        const before = await lockedAtVersion(repo, tx, body);
        const removed = await tx.execute<{ issuer: string; subject: string }>(sql`
          DELETE FROM staff_identities WHERE member_id = ${before.id} AND provider = ${body.provider}
          RETURNING issuer, subject`);
        const identity = removed.rows[0];
        if (!identity) throw new AppError('IDENTITY_NOT_LINKED');
        const at = clock.now();
        const ended = await sessions.revokeOpenedBy(tx, before.id, identity.issuer, identity.subject, at);
        const left = await tx.execute(sql`SELECT 1 FROM staff_identities WHERE member_id = ${before.id}`);
        // A member the provider made, with no identity left, is the super's to manage again.
        const becomesLocal = before.source === 'sso' && left.rows.length === 0;
        const source = becomesLocal ? 'local' : before.source;
        await repo.update(tx, before.id, becomesLocal ? { source: 'local' } : {}, at);
        await events.about(tx, 'member_identity_unlinked', before, caller, {
          provider: body.provider,
          subject: identity.subject,
        });
        await events.sessionsEnded(tx, ended, before, caller, 'identity_unlinked');
        return {
          result: { member: await current(tx, before.id), sessionsEnded: ended.length },
          change: {
            entity: 'staff_member',
            action: 'unlink_identity',
            entityId: before.id,
            before: {
              identity: { provider: body.provider, subject: identity.subject },
              source: before.source,
            },
            after: { identity: null, source },
          },
        };
      });
    },
  };
}
export type MemberIdentitiesService = ReturnType<typeof createMemberIdentitiesService>;
