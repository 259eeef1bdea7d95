import type { ScimToken } from '@backdesk/contract';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Clock } from '../../../lib/clock.ts';
import { runInRequestTransaction } from '../../../lib/request-transaction.ts';
import type { AccessLogEntry, AccessLogRepository } from '../access-log/access-log.repository.ts';
import type { Actor, Change, Changes, ScimActor } from '../audit/changes.ts';
import type { ScimMemberRow, ScimRepository } from './scim.repository.ts';
import { type EqFilter, paging } from './scim-filter.ts';
import { checkIfMatch, MAX_RESULTS, MAX_START_INDEX, notFound, ScimError } from './scim-protocol.ts';
import { generateScimToken, parseScimToken, scimSecretMatches } from './scim-token.ts';
import { patchedUser, type UserFields } from './scim-user.ts';

/** Who calls through SCIM: the token (the audit row's actor) and the address (the access log's). */
export interface ScimCaller {
  actor: ScimActor;
  ip: string;
  userAgent: string | null;
}

const fieldsOf = (m: ScimMemberRow): UserFields => ({
  userName: m.scim_user_name,
  externalId: m.scim_external_id,
  displayName: m.display_name,
  email: m.email,
  active: m.status === 'active',
});

/** The audited fields of a provisioned member. */
const audited = (f: UserFields, roles: string[]) => ({
  scim_user_name: f.userName,
  external_id: f.externalId,
  display_name: f.displayName,
  email: f.email,
  status: f.active ? 'active' : 'disabled',
  roles,
});

/** A Backdesk user name (2–40 of a–z 0–9 . _ -) made from the provider's userName, often an email. */
function baseUserName(scimUserName: string): string {
  const cleaned = (scimUserName.split('@')[0] ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[^a-z0-9]+/, '')
    .slice(0, 34);
  return cleaned.length >= 2 ? cleaned : `scim-${cleaned}`.slice(0, 34);
}

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

/**
 * Member provisioning with SCIM 2.0 (docs/sso.md): the provider creates, changes, deactivates and
 * deletes members (a deleted one is kept disabled) and sets their roles through the role groups.
 * Every change is audited with the token as the actor; deactivating ends the member's sessions in
 * the same transaction.
 */
export function createScimService(deps: {
  db: Db;
  clock: Clock;
  repo: ScimRepository;
  changes: Changes;
  accessLog: AccessLogRepository;
}) {
  const { db, clock, repo, changes, accessLog } = deps;

  const log = (tx: Tx, caller: ScimCaller, entry: Omit<AccessLogEntry, 'at' | 'ip' | 'userAgent'>) =>
    accessLog.record(tx, {
      ...entry,
      at: clock.now(),
      ip: caller.ip,
      userAgent: caller.userAgent,
      detail: { ...entry.detail, by: 'scim', scim_token: caller.actor.scimTokenId },
    });

  async function found(tx: Tx, id: string): Promise<ScimMemberRow> {
    const member = /^\d{1,9}$/.test(id) ? await repo.member(tx, Number(id), true) : undefined;
    if (!member) throw notFound('User');
    return member;
  }

  /** Refuses a change that would leave Backdesk with no active super. */
  async function keepOneSuper(tx: Tx, before: ScimMemberRow, active: boolean, roles: string[]) {
    const wasSuper = before.status === 'active' && before.roles.includes('super');
    if (
      wasSuper &&
      !(active && roles.includes('super')) &&
      (await repo.otherActiveSupers(tx, before.id)) === 0
    )
      throw new ScimError(400, 'This is the last active super: Backdesk must keep one', 'mutability');
  }

  /** Writes a member's new state, ending their sessions when deactivated; the change to audit. */
  async function save(
    tx: Tx,
    before: ScimMemberRow,
    next: UserFields,
    roles: string[],
    caller: ScimCaller,
    deleted = false,
  ): Promise<Change | null> {
    if (
      next.userName.toLowerCase() !== before.scim_user_name.toLowerCase() &&
      (await repo.userNameTaken(tx, next.userName, before.id))
    )
      throw new ScimError(409, `userName ${next.userName} is taken`, 'uniqueness');
    await keepOneSuper(tx, before, next.active, roles);
    const was = audited(fieldsOf(before), before.roles);
    const now = audited(next, roles);
    if (!deleted && JSON.stringify(was) === JSON.stringify(now)) return null;
    const at = clock.now();
    await repo.updateMember(
      tx,
      before.id,
      { ...next, scimUserName: next.userName, status: now.status, roles, deleted },
      at,
    );
    const subject = { memberId: before.id, userName: before.user_name };
    if (was.status === 'active' && now.status === 'disabled') {
      await log(tx, caller, { ...subject, event: 'member_disabled' });
      for (const sessionId of await repo.endSessions(tx, before.id, at))
        await log(tx, caller, {
          ...subject,
          event: 'session_revoked',
          detail: { sessionId, reason: 'member_disabled' },
        });
    } else if (was.status === 'disabled' && now.status === 'active') {
      await log(tx, caller, { ...subject, event: 'member_enabled' });
    }
    if (JSON.stringify(was.roles) !== JSON.stringify(now.roles))
      await log(tx, caller, {
        ...subject,
        event: 'member_roles_changed',
        detail: { before: was.roles, after: now.roles },
      });
    return {
      entity: 'staff_member',
      action: deleted ? 'delete' : 'update',
      entityId: before.id,
      before: deleted ? { ...was, scim_deleted: false } : was,
      after: deleted ? { ...now, scim_deleted: true } : now,
    };
  }

  async function current(tx: Tx, id: number): Promise<ScimMemberRow> {
    return (await repo.member(tx, id))!;
  }

  return {
    // ── the provider's token ───────────────────────────────────────────────
    /** The token of an `Authorization: Bearer` header, marked used; 401 for anything else. */
    async authenticate(header: string | undefined): Promise<number> {
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
      const parsed = bearer ? parseScimToken(bearer) : undefined;
      const row = parsed ? await repo.liveToken(db, parsed.prefix) : undefined;
      if (!parsed || !row || !scimSecretMatches(parsed.secret, row.secret_hash))
        throw new ScimError(401, 'A valid SCIM bearer token is required');
      await repo.touchToken(db, row.id, clock.now());
      return row.id;
    },

    // ── Users ──────────────────────────────────────────────────────────────
    async createUser(fields: UserFields, caller: ScimCaller): Promise<ScimMemberRow> {
      try {
        return await changes.run(caller.actor, async (tx) => {
          if (await repo.userNameTaken(tx, fields.userName))
            throw new ScimError(409, `userName ${fields.userName} is taken`, 'uniqueness');
          const base = baseUserName(fields.userName);
          const names = await repo.userNamesLike(tx, base);
          let userName = base;
          for (let n = 2; names.has(userName); n++) userName = `${base}-${n}`;
          const id = await repo.insertMember(tx, {
            ...fields,
            userName,
            scimUserName: fields.userName,
            at: clock.now(),
          });
          await log(tx, caller, { event: 'member_created', memberId: id, userName });
          return {
            result: await current(tx, id),
            change: {
              entity: 'staff_member',
              action: 'create',
              entityId: id,
              before: null,
              after: { user_name: userName, source: 'scim', ...audited(fields, []) },
            },
          };
        });
      } catch (error) {
        // Two creates of one userName at once: the unique index refuses the second.
        if (isUniqueViolation(error))
          throw new ScimError(409, `userName ${fields.userName} is taken`, 'uniqueness');
        throw error;
      }
    },

    getUser: (id: string) => db.transaction((tx) => found(tx, id)),

    async listUsers(filter: EqFilter | undefined, query: { startIndex?: unknown; count?: unknown }) {
      const page = paging(query, MAX_RESULTS, MAX_START_INDEX);
      const { rows, total } = await repo.members(db, filter, page.startIndex - 1, page.count);
      return { rows, total, startIndex: page.startIndex };
    },

    async replaceUser(id: string, fields: UserFields, ifMatch: string | undefined, caller: ScimCaller) {
      return changes.run(caller.actor, async (tx) => {
        const before = await found(tx, id);
        checkIfMatch(ifMatch, before.version);
        const change = await save(tx, before, fields, before.roles, caller);
        return { result: await current(tx, before.id), change };
      });
    },

    async patchUser(id: string, body: unknown, ifMatch: string | undefined, caller: ScimCaller) {
      return changes.run(caller.actor, async (tx) => {
        const before = await found(tx, id);
        checkIfMatch(ifMatch, before.version);
        const change = await save(tx, before, patchedUser(fieldsOf(before), body), before.roles, caller);
        return { result: await current(tx, before.id), change };
      });
    },

    /** Deactivated and kept (the audit trail names them); SCIM finds them no more. */
    async deleteUser(id: string, ifMatch: string | undefined, caller: ScimCaller): Promise<void> {
      await changes.run(caller.actor, async (tx) => {
        const before = await found(tx, id);
        checkIfMatch(ifMatch, before.version);
        const change = await save(
          tx,
          before,
          { ...fieldsOf(before), active: false },
          before.roles,
          caller,
          true,
        );
        return { result: undefined, change };
      });
    },

    // ── Groups (roles) ─────────────────────────────────────────────────────
    holding: (role: string) => repo.holding(db, role),

    /**
     * Sets who holds `role` among provisioned members: `wanted(current ids)` gives the new ids. All in
     * one transaction, an audit row per member whose roles changed.
     */
    async setRoleHolders(
      role: string,
      wanted: (current: Set<string>) => Set<string>,
      check: (members: ScimMemberRow[]) => void,
      caller: ScimCaller,
    ): Promise<ScimMemberRow[]> {
      return db.transaction((tx) =>
        runInRequestTransaction(tx, async () => {
          const holders = await repo.holding(tx, role);
          check(holders);
          const before = new Set(holders.map((m) => String(m.id)));
          const after = wanted(before);
          const touched = [...new Set([...before, ...after])].filter(
            (id) => before.has(id) !== after.has(id),
          );
          for (const id of touched.sort((a, b) => Number(a) - Number(b))) {
            await changes.run(caller.actor, async (inner) => {
              const member = /^\d{1,9}$/.test(id) ? await repo.member(inner, Number(id), true) : undefined;
              if (!member) throw new ScimError(400, `No provisioned user ${id}`, 'invalidValue');
              const roles = after.has(id)
                ? [...member.roles.filter((r) => r !== role), role].sort()
                : member.roles.filter((r) => r !== role);
              return { result: null, change: await save(inner, member, fieldsOf(member), roles, caller) };
            });
          }
          return repo.holding(tx, role);
        }),
      );
    },

    // ── Settings → Members: the tokens ────────────────────────────────────
    async tokens(): Promise<{ items: ScimToken[]; provisioning: boolean }> {
      const items = await repo.listTokens(db);
      return { items, provisioning: items.some((t) => t.revoked_at === null) };
    },

    async createToken(name: string, actor: Actor): Promise<{ token: ScimToken; secret: string }> {
      return changes.run(actor, async (tx) => {
        const made = generateScimToken();
        const id = await repo.insertToken(tx, { name, ...made, createdBy: actor.memberId, at: clock.now() });
        const token = (await repo.token(tx, id))!;
        return {
          result: { token, secret: made.token },
          change: {
            entity: 'scim_token',
            action: 'create',
            entityId: id,
            before: null,
            after: { name, prefix: made.prefix },
          },
        };
      });
    },

    async revokeToken(id: number, version: number, actor: Actor): Promise<ScimToken> {
      return changes.run(actor, async (tx) => {
        const before = await repo.token(tx, id, true);
        if (!before) throw new AppError('SCIM_TOKEN_NOT_FOUND');
        if (before.revoked_at) throw new AppError('SCIM_TOKEN_REVOKED');
        if (before.version !== version) throw new AppError('STALE_EDIT');
        await repo.revokeToken(tx, id, actor.memberId, clock.now());
        return {
          result: (await repo.token(tx, id))!,
          change: {
            entity: 'scim_token',
            action: 'revoke',
            entityId: id,
            before: { revoked: false },
            after: { revoked: true },
          },
        };
      });
    },
  };
}
export type ScimService = ReturnType<typeof createScimService>;
