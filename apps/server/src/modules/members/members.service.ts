import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { hashPassword } from '../auth/passwords.ts';
import { createMembersRepository, type StaffMemberRow } from './members.repository.ts';

export const DEMO_PASSWORD = 'backdesk-demo';

/** Demo staff: one member per panel role, and `support`, whose role may not use the panel. */
export const DEMO_MEMBERS = [
  { userName: 'super', displayName: 'Selin Kaya', roles: ['super'] },
  { userName: 'admin', displayName: 'Emre Aydın', roles: ['admin'] },
  { userName: 'manager', displayName: 'Zeynep Çelik', roles: ['manager'] },
  { userName: 'support', displayName: 'Deniz Şahin', roles: ['support'] },
] as const;

const publicView = (m: StaffMemberRow) => ({
  userName: m.userName,
  displayName: m.displayName,
  roles: m.roles,
  status: m.status,
});

export function createMembersService(db: Db) {
  const repo = createMembersRepository();

  async function create(
    input: {
      userName: string;
      displayName: string;
      email?: string | null;
      password: string;
      roles: string[];
    },
    actorId: number | null,
  ) {
    const userName = input.userName.trim().toLowerCase();
    const passwordHash = await hashPassword(input.password);
    return db.transaction(async (tx) => {
      if (await repo.findByUserName(tx, userName)) {
        throw new AppError('CONFLICT', `A staff member named "${userName}" already exists`);
      }
      const member = await repo.insert(tx, {
        userName,
        displayName: input.displayName,
        email: input.email ?? null,
        passwordHash,
        roles: input.roles,
      });
      await recordAudit(tx, {
        memberId: actorId,
        action: 'create',
        entity: 'staff_member',
        entityId: member.id,
        after: publicView(member),
      });
      return member;
    });
  }

  return {
    create,

    /** Seeds the demo members into an empty staff table; returns whether it did. */
    async seedDemoMembers(): Promise<boolean> {
      if ((await repo.count(db)) > 0) return false;
      for (const m of DEMO_MEMBERS) {
        await create(
          { ...m, roles: [...m.roles], email: `${m.userName}@backdesk.example`, password: DEMO_PASSWORD },
          null,
        );
      }
      return true;
    },

    /** The first super member of a real deployment. */
    async createFirstSuper(input: {
      userName: string;
      displayName: string;
      email?: string;
      password: string;
    }) {
      if (input.password.length < 12)
        throw new AppError('VALIDATION_FAILED', 'The password needs at least 12 characters');
      return create({ ...input, roles: ['super'] }, null);
    },
  };
}
