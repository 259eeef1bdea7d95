import type { CreateMemberBody, Member } from '@backdesk/contract';
import * as authRoutes from '@backdesk/contract/routes/auth';
import * as membersRoutes from '@backdesk/contract/routes/members';
import * as twoFactorRoutes from '@backdesk/contract/routes/two-factor';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';
import { authEndpointRef, membersRef, twoFactorRef } from '../../../lib/contract.ts';

/** The staff endpoints of a super (capability `staff`), named without loading the contract. */
export const membersEndpoints = {
  list: membersRef(membersRoutes.listMembers),
  create: membersRef(membersRoutes.createMember),
  oneTimePassword: membersRef(membersRoutes.issueOneTimePassword),
  roles: membersRef(membersRoutes.changeMemberRoles),
  disable: membersRef(membersRoutes.disableMember),
  enable: membersRef(membersRoutes.enableMember),
  endSessions: membersRef(membersRoutes.endMemberSessions),
  resetTwoFactor: twoFactorRef(twoFactorRoutes.resetMemberTwoFactor),
  linkIdentity: membersRef(membersRoutes.linkMemberIdentity),
  unlinkIdentity: membersRef(membersRoutes.unlinkMemberIdentity),
  ssoProviders: authEndpointRef(authRoutes.listSsoProviders),
};

const LIST_KEY = ['members', 'list'] as const;

export const membersQuery = queryOptions({
  queryKey: LIST_KEY,
  queryFn: async () => (await callEndpoint(membersEndpoints.list)).items,
});
export const useMembers = () => useQuery(membersQuery);

/**
 * After any change the list is read again, and the member's history too. Not useSettledMutation: the
 * history's key is the member in the answer, which a refusal does not have.
 */
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
  // As useMemberChange: the history's key comes from the answer.
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

/** The configured sign-in providers (those a member can be linked to); none without single sign-on. */
export const useSsoProviders = () =>
  useQuery({
    queryKey: ['members', 'sso-providers'],
    queryFn: async () => (await callEndpoint(membersEndpoints.ssoProviders)).items,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useLinkIdentity = () =>
  useMemberChange(
    async (body: Ref & { provider: string; subject: string }) =>
      (await callEndpoint(membersEndpoints.linkIdentity, { body })).member,
  );

export const useUnlinkIdentity = () =>
  useMemberChange(
    async (body: Ref & { provider: string }) =>
      (await callEndpoint(membersEndpoints.unlinkIdentity, { body })).member,
  );
