import type { Profile } from '@backdesk/contract';
import { Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormShell, useContractForm } from '../../../components/forms/index.ts';
import { useUpdateProfile } from '../../../lib/member-settings.ts';
import { notify } from '../../../lib/notify.ts';
import { NameEmailFields } from '../shared/name-email-fields.tsx';

/** Display name and email, saved with the version loaded (a stale edit is refused, never overwritten). */
export function ProfileCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation('settings');
  const update = useUpdateProfile();
  const { form, failure, submit } = useContractForm({
    initialValues: { display_name: profile.display_name, email: profile.email ?? '' },
    schema: (c) => c.settingsApi.UpdateProfileBodySchema,
    toInput: (values) => ({ ...values, version: profile.version }),
  });

  const onSubmit = submit(async (body) => {
    await update.mutateAsync(body);
    notify({ title: t('profile.saved'), color: 'green' });
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap={4} mb="md">
        <Title order={2} fz="lg">
          {t('profile.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('profile.description')}
        </Text>
      </Stack>
      <FormShell
        onSubmit={onSubmit}
        failure={failure}
        testId="profile-form"
        failureTestId="profile-failure"
        actions={{
          submitLabel: t('profile.save'),
          submitting: form.submitting,
          submitTestId: 'profile-save',
        }}
      >
        <TextInput label={t('profile.userName')} value={profile.user_name} readOnly variant="filled" />
        <NameEmailFields getInputProps={form.getInputProps} autofill />
      </FormShell>
    </Card>
  );
}
