import type { TwoFactorStatus } from '@backdesk/contract';
import { Card, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../lib/api.ts';
import { errorText } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';
import { twoFactorEndpoints } from './two-factor-api.ts';

/** A super's switch: two-factor required for admin and super (off in the demo). */
export function RequirementCard({
  status,
  onChanged,
}: {
  status: TwoFactorStatus;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation('twofa');
  const [busy, setBusy] = useState(false);
  const { value, version } = status.required_for_admins;

  const toggle = async (required: boolean) => {
    setBusy(true);
    try {
      await callEndpoint(twoFactorEndpoints.setRequirement, { body: { required, version } });
      notify({ title: t('requirement.changed'), color: 'green' });
    } catch (failure) {
      notify({ title: errorText(failure), color: 'red' });
    } finally {
      await onChanged();
      setBusy(false);
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="requirement-card">
      <Title order={2} fz="lg" mb="xs">
        {t('requirement.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('requirement.description')}
      </Text>
      <Switch
        label={t('requirement.label')}
        checked={value}
        disabled={busy}
        onChange={(event) => void toggle(event.currentTarget.checked)}
        data-testid="requirement-switch"
      />
    </Card>
  );
}
