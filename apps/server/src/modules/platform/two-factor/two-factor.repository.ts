import { and, asc, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import {
  staffMembers,
  staffRecoveryCodes,
  staffTwoFactorChallenges,
  staffTwoFactorEnrolments,
  staffTwoFactorMethods,
} from '../../../db/schema.ts';

export type MethodRow = typeof staffTwoFactorMethods.$inferSelect;
export type ChallengeRow = typeof staffTwoFactorChallenges.$inferSelect;
export type ChallengePurpose = 'sign_in' | 'passkey_registration';

/** All SQL of two-factor: methods, pending enrolments, recovery codes and challenges. */
export function createTwoFactorRepository() {
  const methods = staffTwoFactorMethods;
  const codes = staffRecoveryCodes;
  const challenges = staffTwoFactorChallenges;

  return {
    async member(db: DbOrTx, id: number) {
      const [row] = await db
        .select({
          id: staffMembers.id,
          userName: staffMembers.userName,
          displayName: staffMembers.displayName,
          roles: staffMembers.roles,
          status: staffMembers.status,
          passwordHash: staffMembers.passwordHash,
        })
        .from(staffMembers)
        .where(eq(staffMembers.id, id));
      return row;
    },

    /** The member's row locked, so concurrent set-up changes of one member run one after the other. */
    async lockMember(db: DbOrTx, id: number): Promise<void> {
      await db.execute(sql`SELECT 1 FROM staff_members WHERE id = ${id} FOR UPDATE`);
    },

    methodsOf: (db: DbOrTx, memberId: number) =>
      db.select().from(methods).where(eq(methods.memberId, memberId)).orderBy(asc(methods.id)),

    async totpOf(db: DbOrTx, memberId: number): Promise<MethodRow | undefined> {
      const [row] = await db
        .select()
        .from(methods)
        .where(and(eq(methods.memberId, memberId), eq(methods.kind, 'totp')));
      return row;
    },

    /**
     * Records `step` as the last accepted one, only if it is later than the last: false when this
     * step (or a later one) was already used — on whichever node, the database decides once.
     */
    async acceptStep(db: DbOrTx, id: number, step: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(methods)
        .set({ lastStep: step, lastUsedAt: at })
        .where(and(eq(methods.id, id), or(isNull(methods.lastStep), lt(methods.lastStep, step))))
        .returning({ id: methods.id });
      return rows.length === 1;
    },

    async insertMethod(db: DbOrTx, row: typeof methods.$inferInsert): Promise<MethodRow> {
      const [inserted] = await db.insert(methods).values(row).returning();
      return inserted!;
    },

    async nameTaken(db: DbOrTx, memberId: number, name: string): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(methods)
        .where(and(eq(methods.memberId, memberId), sql`lower(${methods.name}) = lower(${name})`));
      return (row?.n ?? 0) > 0;
    },

    async passkeyByCredential(db: DbOrTx, credentialId: string): Promise<MethodRow | undefined> {
      const [row] = await db.select().from(methods).where(eq(methods.credentialId, credentialId));
      return row;
    },

    async usePasskey(db: DbOrTx, id: number, counter: number, at: Date): Promise<void> {
      await db.update(methods).set({ counter, lastUsedAt: at }).where(eq(methods.id, id));
    },

    async removePasskey(db: DbOrTx, memberId: number, id: number): Promise<MethodRow | undefined> {
      const [row] = await db
        .delete(methods)
        .where(and(eq(methods.id, id), eq(methods.memberId, memberId), eq(methods.kind, 'passkey')))
        .returning();
      return row;
    },

    /** Every second factor, recovery code and pending enrolment of the member; the methods removed. */
    async removeAll(db: DbOrTx, memberId: number): Promise<MethodRow[]> {
      await db.delete(codes).where(eq(codes.memberId, memberId));
      await db.delete(staffTwoFactorEnrolments).where(eq(staffTwoFactorEnrolments.memberId, memberId));
      return db.delete(methods).where(eq(methods.memberId, memberId)).returning();
    },

    // ── Pending authenticator-app enrolment ──

    async savePending(db: DbOrTx, memberId: number, sealed: Buffer, at: Date, expiresAt: Date) {
      const values = { memberId, secretEncrypted: sealed, createdAt: at, expiresAt };
      await db
        .insert(staffTwoFactorEnrolments)
        .values(values)
        .onConflictDoUpdate({ target: staffTwoFactorEnrolments.memberId, set: values });
    },

    async takePending(db: DbOrTx, memberId: number) {
      const [row] = await db
        .select()
        .from(staffTwoFactorEnrolments)
        .where(eq(staffTwoFactorEnrolments.memberId, memberId))
        .for('update');
      return row;
    },

    async dropPending(db: DbOrTx, memberId: number): Promise<void> {
      await db.delete(staffTwoFactorEnrolments).where(eq(staffTwoFactorEnrolments.memberId, memberId));
    },

    // ── Recovery codes ──

    async replaceRecoveryCodes(db: DbOrTx, memberId: number, hashes: Buffer[], at: Date): Promise<void> {
      await db.delete(codes).where(eq(codes.memberId, memberId));
      await db.insert(codes).values(hashes.map((codeHash) => ({ memberId, codeHash, createdAt: at })));
    },

    /** Spends the code: true once; a used or unknown code gives false. */
    async useRecoveryCode(db: DbOrTx, memberId: number, hash: Buffer, at: Date): Promise<boolean> {
      const rows = await db
        .update(codes)
        .set({ usedAt: at })
        .where(and(eq(codes.memberId, memberId), eq(codes.codeHash, hash), isNull(codes.usedAt)))
        .returning({ id: codes.id });
      return rows.length === 1;
    },

    async recoveryCodeExists(db: DbOrTx, memberId: number, hash: Buffer): Promise<boolean> {
      const [row] = await db
        .select({ n: count() })
        .from(codes)
        .where(and(eq(codes.memberId, memberId), eq(codes.codeHash, hash)));
      return (row?.n ?? 0) > 0;
    },

    async recoveryCodesLeft(db: DbOrTx, memberId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(codes)
        .where(and(eq(codes.memberId, memberId), isNull(codes.usedAt)));
      return row?.n ?? 0;
    },

    // ── Challenges ──

    async createChallenge(
      db: DbOrTx,
      row: {
        tokenHash: Buffer;
        memberId: number;
        purpose: ChallengePurpose;
        webauthnChallenge?: string;
        at: Date;
        expiresAt: Date;
      },
    ): Promise<void> {
      const { at, ...rest } = row;
      await db.insert(challenges).values({ ...rest, createdAt: at });
      // Expired challenges can never pass; sweep them now and then rather than keep them.
      if (Math.random() < 0.02) await db.delete(challenges).where(lt(challenges.expiresAt, at));
    },

    /** The challenge locked for this request (concurrent answers to one challenge run one by one). */
    async lockChallenge(
      db: DbOrTx,
      tokenHash: Buffer,
      purpose: ChallengePurpose,
    ): Promise<ChallengeRow | undefined> {
      const [row] = await db
        .select()
        .from(challenges)
        .where(and(eq(challenges.tokenHash, tokenHash), eq(challenges.purpose, purpose)))
        .for('update');
      return row;
    },

    async setWebauthnChallenge(db: DbOrTx, tokenHash: Buffer, webauthnChallenge: string): Promise<void> {
      await db.update(challenges).set({ webauthnChallenge }).where(eq(challenges.tokenHash, tokenHash));
    },

    async countChallengeFailure(db: DbOrTx, tokenHash: Buffer): Promise<void> {
      await db
        .update(challenges)
        .set({ failures: sql`${challenges.failures} + 1` })
        .where(eq(challenges.tokenHash, tokenHash));
    },

    async spendChallenge(db: DbOrTx, tokenHash: Buffer, at: Date): Promise<void> {
      await db.update(challenges).set({ usedAt: at }).where(eq(challenges.tokenHash, tokenHash));
    },
  };
}
export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
