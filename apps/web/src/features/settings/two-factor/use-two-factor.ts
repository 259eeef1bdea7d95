import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callEndpoint } from '../../../lib/api.ts';
import { reloadCredentials } from '../../../lib/credentials.ts';
import { TWO_FACTOR_STATUS_KEY, twoFactorEndpoints } from './two-factor-api.ts';

/** The member's two-factor state, as /settings/2FA shows it. */
export const useTwoFactorStatus = () =>
  useQuery({
    queryKey: TWO_FACTOR_STATUS_KEY,
    queryFn: ({ signal }) => callEndpoint(twoFactorEndpoints.status, { signal }),
  });

/**
 * After a change: the page reads the state again, the member's history shows the new audit row, and
 * the credentials are read again so a sign-in gate lifted by it opens at once.
 */
export function useAfterChange(memberId: number | undefined) {
  const client = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: TWO_FACTOR_STATUS_KEY }),
      memberId === undefined
        ? undefined
        : client.invalidateQueries({ queryKey: ['audit', 'staff_member', memberId] }),
      reloadCredentials().catch(() => {}),
    ]);
  }, [client, memberId]);
}
