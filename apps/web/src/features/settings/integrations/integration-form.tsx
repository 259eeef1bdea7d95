import type { Integration } from '@backdesk/contract';
import { INTEGRATION_SCOPES, type IntegrationScope } from '@backdesk/contract/integrations/scopes';
import { INTEGRATION_RATE, MAX_ALLOWED_ADDRESSES } from '@backdesk/contract/integrations/vocabulary';
import { Checkbox, NumberInput, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalForm, useContractForm } from '../../../components/forms/index.ts';
import { useLanguage } from '../../../lib/language.ts';
import { notify } from '../../../lib/notify.ts';
import { useCreateIntegration, useUpdateIntegration } from './integrations-api.ts';

interface Values extends Record<string, unknown> {
  name: string;
  scopes: IntegrationScope[];
  /** One address or network per line; empty: any address. */
  addresses: string;
  requests_per_minute: number | string;
}

const valuesOf = (integration: Integration | null): Values => ({
  name: integration?.name ?? '',
  scopes: integration?.scopes ?? [],
  addresses: integration?.allowed_addresses?.join('\n') ?? '',
  requests_per_minute: integration?.requests_per_minute ?? INTEGRATION_RATE.default,
});

const addressLines = (text: string) =>
  text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);

const fieldsOf = (values: Values) => {
  const addresses = addressLines(values.addresses);
  return {
    name: values.name,
    scopes: values.scopes,
    allowed_addresses: addresses.length > 0 ? addresses : null,
    requests_per_minute: values.requests_per_minute === '' ? undefined : Number(values.requests_per_minute),
  };
};

/**
 * An integration's name, scopes, address allowlist and rate: new (then its page, to make a key) or
 * edited with the version loaded (R66).
 */
export function IntegrationModal({
  integration,
  onClose,
  onCreated,
}: {
  /** null: a new integration. */
  integration: Integration | null;
  onClose: () => void;
  onCreated?: (integration: Integration) => void;
}) {
  const { t } = useTranslation('settings');
  const { language } = useLanguage();
  const create = useCreateIntegration();
  const update = useUpdateIntegration();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const { form, failure, submit } = useContractForm({
    initialValues: valuesOf(integration),
    toInput: (values: Values) =>
      integration
        ? { ...fieldsOf(values), id: integration.id, version: integration.version }
        : fieldsOf(values),
    schema: (c) =>
      integration ? c.integrationsApi.UpdateIntegrationBodySchema : c.integrationsApi.IntegrationFieldsSchema,
    codeFields: { INTEGRATION_NAME_TAKEN: 'name' },
  });

  const onSubmit = submit(async (body) => {
    if (integration) {
      await update.mutateAsync(body as Parameters<typeof update.mutateAsync>[0]);
      notify({ title: t('integrations.form.saved', { name: body.name }), color: 'green' });
      onClose();
      return;
    }
    let made: Integration;
    try {
      made = await create.mutateAsync({ body, key });
    } catch (error) {
      setKey(crypto.randomUUID());
      throw error;
    }
    notify({ title: t('integrations.form.created', { name: made.name }), color: 'green' });
    onCreated?.(made);
  });

  // The schema names the line it refuses (`allowed_addresses.2`); the field is one text area.
  const addressError = Object.entries(form.errors).find(([field]) => field.startsWith('allowed_addresses'));
  const addressLine = addressError ? Number(addressError[0].split('.')[1]) : Number.NaN;
  const addresses = form.getInputProps('addresses');

  return (
    <ModalForm
      onClose={onClose}
      title={
        integration
          ? t('integrations.form.editTitle', { name: integration.name })
          : t('integrations.form.newTitle')
      }
      centered
      size="lg"
      onSubmit={onSubmit}
      failure={failure}
      testId="integration-form"
      failureTestId="integration-failure"
      actions={{
        submitLabel: integration ? t('integrations.form.save') : t('integrations.form.create'),
        submitting: form.submitting,
        submitTestId: 'integration-submit',
      }}
    >
      <TextInput
        label={t('integrations.name')}
        name="name"
        required
        autoComplete="off"
        data-autofocus
        {...form.getInputProps('name')}
      />
      <Checkbox.Group
        label={t('integrations.scopes')}
        description={t('integrations.form.scopesHelp')}
        required
        {...form.getInputProps('scopes')}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={8}>
          {INTEGRATION_SCOPES.map((scope) => (
            <Checkbox
              key={scope}
              value={scope}
              label={scope}
              // A colon would read as i18next's namespace separator: the texts are keyed `ingest_wallet`.
              description={t(`integrations.scopeHints.${scope.replace(':', '_') as 'ingest_wallet'}`)}
              data-testid={`scope-${scope}`}
            />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Textarea
        label={t('integrations.form.addresses')}
        description={t('integrations.form.addressesHelp', { max: MAX_ALLOWED_ADDRESSES })}
        placeholder={'203.0.113.7\n10.20.0.0/16'}
        autosize
        minRows={2}
        maxRows={6}
        {...addresses}
        error={
          addressError
            ? Number.isInteger(addressLine)
              ? t('integrations.form.badAddress', { line: addressLine + 1 })
              : addressError[1]
            : addresses.error
        }
        data-testid="integration-addresses"
      />
      <NumberInput
        label={t('integrations.form.rate')}
        description={t('integrations.form.rateHelp')}
        min={INTEGRATION_RATE.minimum}
        max={INTEGRATION_RATE.maximum}
        allowDecimal={false}
        allowNegative={false}
        thousandSeparator={language === 'tr' ? '.' : ','}
        decimalSeparator={language === 'tr' ? ',' : '.'}
        {...form.getInputProps('requests_per_minute')}
      />
    </ModalForm>
  );
}
