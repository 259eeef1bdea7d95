import type { CreateMemberBody, Member } from '@backdesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';
import { membersRef, twoFactorRef } from '../../../lib/contract.ts';

/** The staff endpoints of a super (capability `staff`), named without loading the contract. */
export const membersEndpoints = {
  list: membersRef((c) => c.listMembers, 'GET', '/api/members', 'staff'),
  create: membersRef((c) => c.createMember, 'POST', '/api/members/create', 'staff'),
  oneTimePassword: membersRef(
    (c) => c.issueOneTimePassword,
    'POST',
    '/api/members/one-time-password',
    'staff',
  ),
  roles: membersRef((c) => c.changeMemberRoles, 'POST', '/api/members/roles', 'staff'),
  disable: membersRef((c) => c.disableMember, 'POST', '/api/members/disable', 'staff'),
  enable: membersRef((c) => c.enableMember, 'POST', '/api/members/enable', 'staff'),
  endSessions: membersRef((c) => c.endMemberSessions, 'POST', '/api/members/sessions/end', 'staff'),
  resetTwoFactor: twoFactorRef(
    (c) => c.resetMemberTwoFactor,
    'POST',
    '/api/members/two-factor/reset',
    'staff',
  ),
};

const LIST_KEY = ['members', 'list'] as const;

export const membersQuery = queryOptions({
  queryKey: LIST_KEY,
  queryFn: async () => (await callEndpoint(membersEndpoints.list)).items,
});
export const useMembers = () => useQuery(membersQuery);

/** After any change the list is read again, and the member's history too. */
function useMemberChange<A, R extends { id: number } | number>(send: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (result) => {
      void client.invalidateQueries({ queryKey: LIST_KEY });
      const id = typeof result === 'number' ? result : result.id;
      void client.invalidateQueries({ queryKey: ['audit', 'staff_member', String(id)] });
    },
  });
}

type Ref = Pick<Member, 'id' | 'version'>;

/** One Idempotency-Key per filled-in form: a retried submit creates the member once. */
export const useCreateMember = () =>
  useMemberChange(
    async ({ body, key }: { body: CreateMemberBody; key: string }) =>
      (await callEndpoint(membersEndpoints.create, { body, idempotencyKey: key })).member,
  );

export function useIssueOneTimePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ref: Ref) =>
      callEndpoint(membersEndpoints.oneTimePassword, { body: { id: ref.id, version: ref.version } }),
    onSuccess: ({ member }) => {
      void client.invalidateQueries({ queryKey: LIST_KEY });
      void client.invalidateQueries({ queryKey: ['audit', 'staff_member', String(member.id)] });
    },
  });
}

export const useChangeRoles = () =>
  useMemberChange(
    async (body: Ref & { roles: string[] }) =>
      (await callEndpoint(membersEndpoints.roles, { body: body as never })).member,
  );

export const useDisableMember = () =>
  useMemberChange(
    async (ref: Ref) =>
      (await callEndpoint(membersEndpoints.disable, { body: { id: ref.id, version: ref.version } })).member,
  );

export const useEnableMember = () =>
  useMemberChange(
    async (ref: Ref) =>
      (await callEndpoint(membersEndpoints.enable, { body: { id: ref.id, version: ref.version } })).member,
  );

export const useEndMemberSessions = () =>
  useMemberChange(async (id: number) => {
    await callEndpoint(membersEndpoints.endSessions, { body: { id } });
    return id;
  });

export const useResetTwoFactor = () =>
  useMemberChange(async (id: number) => {
    await callEndpoint(membersEndpoints.resetTwoFactor, { body: { id } });
    return id;
  });
