import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffMembers } from '../../db/schema.ts';

export type StaffMemberRow = typeof staffMembers.$inferSelect;
export type NewStaffMember = typeof staffMembers.$inferInsert;

export function createMembersRepository() {
  return {
    async findByUserName(db: DbOrTx, userName: string): Promise<StaffMemberRow | undefined> {
      const [row] = await db.select().from(staffMembers).where(eq(staffMembers.userName, userName));
      return row;
    },

    async insert(db: DbOrTx, member: NewStaffMember): Promise<StaffMemberRow> {
      const [row] = await db.insert(staffMembers).values(member).returning();
      return row!;
    },

    async count(db: DbOrTx): Promise<number> {
      return db.$count(staffMembers);
    },
  };
}
export type MembersRepository = ReturnType<typeof createMembersRepository>;
