import { Alert, Loader, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { contentReady } from '../../../components/content-ready.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorText } from '../../../lib/errors.ts';
import { useProfile } from '../../../lib/member-settings.ts';
import { AppearanceCard } from './appearance-card.tsx';
import { PasswordCard } from './password-card.tsx';
import { ProfileCard } from './profile-card.tsx';
import { SessionsCard } from './sessions-card.tsx';

/** `/settings`: the member's profile, language and colour mode, password and sessions. */
export function SettingsPage() {
  const { t } = useTranslation();
  const profile = useProfile();
  return (
    <>
      <PageHeader title={t('pages.settings')} />
      {profile.isError && <Alert color="red">{errorText(profile.error)}</Alert>}
      {profile.isPending && <Loader aria-label={t('nav.loadingPage')} />}
      {profile.data?.must_change_password && (
        // Held by the sign-in gate: the server answers nothing else until the password is chosen.
        <Stack gap="lg" maw={1100}>
          <PasswordCard profile={profile.data} />
          <AppearanceCard />
        </Stack>
      )}
      {profile.data && !profile.data.must_change_password && (
        <Stack gap="lg" maw={1100} {...contentReady(true)}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <ProfileCard key={profile.data.id} profile={profile.data} />
            <AppearanceCard />
          </SimpleGrid>
          <PasswordCard profile={profile.data} />
          <SessionsCard />
        </Stack>
      )}
    </>
  );
}
