import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { createMembersRepository, type StaffMemberRow } from '../../platform/auth/members.repository.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { checkNewPassword, passwordRejected } from './password-policy.ts';

export const DEMO_PASSWORD = 'backdesk-demo';

/** Demo staff: one member per panel role, and `support`, whose role may not use the panel. */
export const DEMO_MEMBERS = [
  { userName: 'super', displayName: 'Selin Kaya', roles: ['super'] },
  { userName: 'admin', displayName: 'Emre Aydın', roles: ['admin'] },
  { userName: 'manager', displayName: 'Zeynep Çelik', roles: ['manager'] },
  { userName: 'support', displayName: 'Deniz Şahin', roles: ['support'] },
] as const;

interface NewMember {
  userName: string;
  displayName: string;
  email?: string | null;
  password: string;
  roles: string[];
}

/**
 * Staff members put in place from the server's shell: the demo staff and a deployment's first super.
 * No member acts here (none may exist yet), so these writes have no audit row: the audit trail records
 * what members do. Creating a member from the panel is a member action and goes through
 * `changes.run` (entity `staff_member`) like every other change.
 */
export function createMembersService(db: Db) {
  const repo = createMembersRepository();

  async function insert(input: NewMember): Promise<StaffMemberRow> {
    const userName = input.userName.trim().toLowerCase();
    const passwordHash = await hashPassword(input.password);
    return db.transaction(async (tx) => {
      if (await repo.findByUserName(tx, userName)) throw new AppError('STAFF_MEMBER_EXISTS', { userName });
      return repo.insert(tx, {
        userName,
        displayName: input.displayName,
        email: input.email ?? null,
        passwordHash,
        roles: input.roles,
      });
    });
  }

  return {
    /** Seeds the demo members into an empty staff table; returns whether it did. */
    async seedDemoMembers(): Promise<boolean> {
      if ((await repo.count(db)) > 0) return false;
      for (const m of DEMO_MEMBERS) {
        await insert({
          ...m,
          roles: [...m.roles],
          email: `${m.userName}@backdesk.example`,
          password: DEMO_PASSWORD,
        });
      }
      return true;
    },

    /** The first super member of a real deployment (scripts/create-super.ts). */
    async createFirstSuper(input: {
      userName: string;
      displayName: string;
      email?: string;
      password: string;
    }) {
      const problems = await checkNewPassword(input.password, input);
      if (problems.length > 0) throw passwordRejected(problems, 'password');
      return insert({ ...input, roles: ['super'] });
    },
  };
}
