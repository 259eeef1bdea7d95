import type {
  ChangePasswordBody,
  NotificationPreference,
  Profile,
  UpdateProfileBody,
} from '@backdesk/contract';
import * as settingsRoutes from '@backdesk/contract/routes/settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from './api.ts';
import { authStore } from './auth-store.ts';
import { settingsRef } from './contract.ts';
import { getCredentials } from './credentials.ts';
import { useSettledMutation } from './settled-mutation.ts';

/** The member's own settings endpoints, named without loading the contract (lib/contract.ts). */
export const settingsEndpoints = {
  profile: settingsRef(settingsRoutes.getProfile),
  updateProfile: settingsRef(settingsRoutes.updateProfile),
  preferences: settingsRef(settingsRoutes.updatePreferences),
  password: settingsRef(settingsRoutes.changePassword),
  sessions: settingsRef(settingsRoutes.listSessions),
  revokeSession: settingsRef(settingsRoutes.revokeSession),
  revokeOthers: settingsRef(settingsRoutes.revokeOtherSessions),
  notifications: settingsRef(settingsRoutes.getNotificationPreferences),
  updateNotifications: settingsRef(settingsRoutes.updateNotificationPreferences),
};

export const profileQuery = queryOptions({
  queryKey: ['settings', 'profile'],
  queryFn: () => callEndpoint(settingsEndpoints.profile),
});
export const useProfile = () => useQuery(profileQuery);

/**
 * The member's display zone (null when unchosen), undefined until the profile is read. Only the zone:
 * a page that reads it is not drawn again when the member's name changes in another session.
 */
export const useDisplayTimeZone = (): string | null | undefined =>
  useQuery({ ...profileQuery, select: (profile) => profile.time_zone }).data;

const sessionsQuery = queryOptions({
  queryKey: ['settings', 'sessions'],
  queryFn: async () => (await callEndpoint(settingsEndpoints.sessions)).items,
});
export const useSessions = () => useQuery(sessionsQuery);

const notificationsQuery = queryOptions({
  queryKey: ['settings', 'notifications'],
  queryFn: async () => (await callEndpoint(settingsEndpoints.notifications)).items,
});
export const useNotificationPreferences = () => useQuery(notificationsQuery);

/**
 * A changed profile is the page's new copy, the header's name follows, and the member's history
 * shows the change.
 */
function useProfileResult() {
  const client = useQueryClient();
  return (profile: Profile) => {
    client.setQueryData(profileQuery.queryKey, profile);
    const user = authStore.getState().user;
    if (user && user.id === profile.id) {
      authStore.signIn({ ...user, display_name: profile.display_name, email: profile.email }, true);
    }
    void client.invalidateQueries({ queryKey: ['audit', 'staff_member', String(profile.id)] });
  };
}

// Not useSettledMutation: the answer (the stored profile) is applied as it is, nothing is read again.
export function useUpdateProfile() {
  const apply = useProfileResult();
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => callEndpoint(settingsEndpoints.updateProfile, { body }),
    onSuccess: ({ profile }) => apply(profile),
  });
}

// As useUpdateProfile: the answer is applied.
export function useSavePreferences() {
  const apply = useProfileResult();
  return useMutation({
    mutationFn: (body: {
      language?: 'en' | 'tr';
      color_mode?: 'light' | 'dark' | 'system';
      time_zone?: string | null;
    }) => callEndpoint(settingsEndpoints.preferences, { body }),
    onSuccess: ({ profile }) => apply(profile),
  });
}

/**
 * After the change the signed-in member is read again: a member confined to choosing a password
 * (a one-time password) is released by the server, and the app follows what it now says.
 */
export const useChangePassword = () =>
  useSettledMutation(['settings'], async (body: ChangePasswordBody) => {
    const result = await callEndpoint(settingsEndpoints.password, { body });
    authStore.signIn(await getCredentials(), true);
    return result;
  });

export const useRevokeSession = () =>
  useSettledMutation(sessionsQuery.queryKey, (sessionId: string) =>
    callEndpoint(settingsEndpoints.revokeSession, { body: { sessionId } }),
  );

export const useRevokeOtherSessions = () =>
  useSettledMutation(sessionsQuery.queryKey, () => callEndpoint(settingsEndpoints.revokeOthers));

export function useUpdateNotifications() {
  const client = useQueryClient();
  // Not useSettledMutation: the answer is written into the cache, and only the inbox is read again.
  return useMutation({
    mutationFn: (items: NotificationPreference[]) =>
      callEndpoint(settingsEndpoints.updateNotifications, { body: { items } }),
    onSuccess: ({ items }) => {
      client.setQueryData(notificationsQuery.queryKey, items);
      // The inbox and its unread count show only the kinds the member receives.
      void client.invalidateQueries({ queryKey: ['inbox'] });
    },
  });
}
