import type { PasswordProblem, Profile } from '@backdesk/contract';
import { Alert, Box, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormShell, useContractForm } from '../../../components/forms/index.ts';
import { ApiRequestError } from '../../../lib/api.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { useChangePassword } from '../../../lib/member-settings.ts';
import { notify } from '../../../lib/notify.ts';
import { ProviderManagedNotice, useProviderManaged } from '../shared/provider-managed.tsx';

const EMPTY = { currentPassword: '', newPassword: '', confirm: '' };

/** The policy's refusals, as the server named them (PASSWORD_REJECTED issues). */
const problemsOf = (error: unknown): PasswordProblem[] =>
  error instanceof ApiRequestError && error.code === 'PASSWORD_REJECTED'
    ? (error.body?.issues ?? []).map((issue) => issue.code as PasswordProblem)
    : [];

/**
 * The current password, then the new one twice. The policy is the server's (apps/server/src/modules/
 * members/password-policy.ts): each refusal is named under the field. A member who signed in with a
 * one-time password is asked to do this first.
 */
export function PasswordCard({ profile }: { profile: Profile }) {
  const managed = useProviderManaged();
  const { t } = useTranslation('settings');
  if (!managed) return <PasswordForm profile={profile} />;
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="lg" mb="md">
        {t('password.title')}
      </Title>
      <ProviderManagedNotice what="password" />
    </Card>
  );
}

function PasswordForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation('settings');
  const { locale } = useLanguage();
  const change = useChangePassword();
  const { form, failure, submit } = useContractForm({
    initialValues: EMPTY,
    schema: (c) => c.settingsApi.ChangePasswordBodySchema,
    toInput: ({ currentPassword, newPassword }) => ({ currentPassword, newPassword }),
    codeFields: { CURRENT_PASSWORD_WRONG: 'currentPassword' },
  });

  const onSubmit = submit(async (body) => {
    if (form.getValues().confirm !== body.newPassword) {
      form.setFieldError('confirm', t('password.mismatch'));
      return;
    }
    try {
      const { sessions_ended: ended } = await change.mutateAsync(body);
      form.reset();
      notify({
        title: ended > 0 ? t('password.changedEnded', { count: ended }) : t('password.changed'),
        color: 'green',
      });
    } catch (error) {
      const problems = problemsOf(error);
      if (problems.length === 0) throw error;
      form.setFieldError('newPassword', problems.map((p) => t(`password.problems.${p}`)).join(' '));
    }
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap={4} mb="md">
        <Title order={2} fz="lg">
          {t('password.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('password.description')}
        </Text>
        {profile.password_changed_at && (
          <Text size="sm" c="dimmed">
            {t('password.lastChanged', { date: formatDateTime(locale, profile.password_changed_at) })}
          </Text>
        )}
      </Stack>
      {profile.must_change_password && (
        <Alert
          color="yellow"
          icon={<IconKey size={18} />}
          title={t('password.mustChangeTitle')}
          mb="md"
          data-testid="must-change-password"
        >
          {t('password.mustChange')}
        </Alert>
      )}
      <Box maw={560}>
        <FormShell
          onSubmit={onSubmit}
          failure={failure}
          testId="password-form"
          failureTestId="password-failure"
          actions={{
            submitLabel: t('password.submit'),
            submitting: form.submitting,
            submitTestId: 'password-save',
          }}
        >
          <PasswordInput
            label={t('password.current')}
            name="currentPassword"
            required
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label={t('password.new')}
            name="newPassword"
            required
            autoComplete="new-password"
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label={t('password.confirm')}
            name="confirm"
            required
            autoComplete="new-password"
            {...form.getInputProps('confirm')}
          />
        </FormShell>
      </Box>
    </Card>
  );
}
