import type { Integration, IntegrationKey } from '@backdesk/contract';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField, ModalForm, toIsoInstant } from '../../../components/forms/index.ts';
import { errorText } from '../../../lib/errors.ts';
import { useCreateKey } from './integrations-api.ts';

/**
 * A new API key for the integration, with an optional expiry. The answer holds the whole key once
 * (`onCreated` shows it); the server keeps its hash and prefix.
 */
export function CreateKeyModal({
  integration,
  onClose,
  onCreated,
}: {
  integration: Integration;
  onClose: () => void;
  onCreated: (key: IntegrationKey, secret: string) => void;
}) {
  const { t } = useTranslation('settings');
  const create = useCreateKey();
  const [expires, setExpires] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <ModalForm
      onClose={onClose}
      title={t('integrations.apiKeys.createTitle', { name: integration.name })}
      centered
      onSubmit={(event) => {
        event.preventDefault();
        setFailure(null);
        create.mutate(
          { integration_id: integration.id, expires_at: toIsoInstant(expires) ?? null },
          {
            onSuccess: ({ key, secret }) => onCreated(key, secret),
            onError: (error) => setFailure(errorText(error)),
          },
        );
      }}
      failure={failure}
      testId="create-key-form"
      failureTestId="create-key-failure"
      intro={
        <Text size="sm" c="dimmed">
          {t('integrations.apiKeys.createIntro')}
        </Text>
      }
      actions={{
        submitLabel: t('integrations.apiKeys.create'),
        submitting: create.isPending,
        submitTestId: 'create-key-submit',
      }}
    >
      <DateTimeField
        label={t('integrations.apiKeys.expires')}
        description={t('integrations.apiKeys.expiresHelp')}
        value={expires}
        onChange={setExpires}
        minDate={new Date()}
        data-testid="key-expires"
      />
    </ModalForm>
  );
}
