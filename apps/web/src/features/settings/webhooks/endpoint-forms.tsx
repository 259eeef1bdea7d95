import {
  SUBSCRIBABLE_EVENT_TYPES,
  WEBHOOK_REPLAY_MAX_DAYS,
} from '@backdesk/contract/integrations/webhook-vocabulary';
import { Checkbox, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField, ModalForm, toIsoInstant, useContractForm } from '../../../components/forms/index.ts';
import { ShownOnceModal } from '../../../components/shown-once-modal.tsx';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { notify } from '../../../lib/notify.ts';
import {
  useCreateWebhookEndpoint,
  useReplayWebhookRange,
  useUpdateWebhookEndpoint,
  type WebhookEndpoint,
} from './webhooks-api.ts';

/** A signing secret the server showed this once, with what it belongs to. */
export interface ShownSecret {
  url: string;
  secret: string;
  /** After a rotation: until when the previous secret still signs. */
  previousUntil?: string;
}

/** The event types by their names in the member's language (the log shows their API names). */
function EventTypeChoices({ inputProps }: { inputProps: GetInputPropsReturnType }) {
  const { t } = useTranslation('settings');
  return (
    <Checkbox.Group
      label={t('webhooks.form.eventTypes')}
      description={t('webhooks.form.eventTypesHint')}
      {...inputProps}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} verticalSpacing={6} mt={6}>
        {SUBSCRIBABLE_EVENT_TYPES.map((type) => (
          <Checkbox
            key={type}
            value={type}
            label={t(`webhooks.eventTypes.${type}`)}
            data-testid={`event-type-${type}`}
          />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

/**
 * Adds an endpoint (`endpoint` absent) or edits one with the version loaded. A new endpoint's secret
 * comes in the answer only: `onCreated` shows it.
 */
export function EndpointFormModal({
  integrationId,
  endpoint,
  onClose,
  onCreated,
}: {
  integrationId: number;
  endpoint?: WebhookEndpoint;
  onClose: () => void;
  onCreated?: (shown: ShownSecret) => void;
}) {
  const { t } = useTranslation('settings');
  const create = useCreateWebhookEndpoint(integrationId);
  const update = useUpdateWebhookEndpoint(integrationId);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const { form, failure, submit } = useContractForm({
    initialValues: {
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      event_types: endpoint?.event_types ?? ([] as string[]),
    },
    schema: (c) => c.webhooksApi.WebhookFieldsSchema,
  });

  const onSubmit = submit(async (body) => {
    if (endpoint) {
      await update.mutateAsync({ ...body, id: endpoint.id, version: endpoint.version });
      notify({ title: t('webhooks.form.saved'), color: 'green' });
      onClose();
      return;
    }
    try {
      const made = await create.mutateAsync({ body, key });
      notify({ title: t('webhooks.form.created'), color: 'green' });
      onCreated?.({ url: made.endpoint.url, secret: made.secret });
    } catch (error) {
      setKey(crypto.randomUUID());
      throw error;
    }
  });

  return (
    <ModalForm
      onClose={onClose}
      title={endpoint ? t('webhooks.form.editTitle') : t('webhooks.form.addTitle')}
      size="lg"
      centered
      onSubmit={onSubmit}
      failure={failure}
      testId="webhook-endpoint-form"
      failureTestId="webhook-endpoint-failure"
      actions={{
        submitLabel: endpoint ? t('webhooks.form.save') : t('webhooks.form.add'),
        submitting: form.submitting,
        submitTestId: 'webhook-endpoint-submit',
      }}
    >
      <TextInput
        label={t('webhooks.form.url')}
        description={t('webhooks.form.urlHint')}
        name="url"
        type="url"
        required
        autoComplete="off"
        {...form.getInputProps('url')}
      />
      <TextInput
        label={t('webhooks.form.description')}
        name="description"
        autoComplete="off"
        {...form.getInputProps('description')}
      />
      <EventTypeChoices inputProps={form.getInputProps('event_types')} />
    </ModalForm>
  );
}

/** A signing secret, shown this once: the server keeps it sealed and never shows it again. */
export function SecretModal({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const { locale } = useLanguage();
  return (
    <ShownOnceModal
      shown={
        shown && {
          title: t('webhooks.secret.title'),
          intro: (
            <>
              {t('webhooks.secret.intro', { url: shown.url })}
              {shown.previousUntil && (
                <Text span display="block" mt="xs" size="sm" data-testid="webhook-previous-secret">
                  {t('webhooks.secret.previousUntil', { at: formatDateTime(locale, shown.previousUntil) })}
                </Text>
              )}
            </>
          ),
          label: t('webhooks.secret.label'),
          value: shown.secret,
        }
      }
      onClose={onClose}
      testId="webhook-secret"
    />
  );
}

/** Sends again every event of a time range (at most WEBHOOK_REPLAY_MAX_DAYS) to one endpoint. */
export function ReplayRangeModal({
  integrationId,
  endpoint,
  onClose,
}: {
  integrationId: number;
  endpoint: WebhookEndpoint;
  onClose: () => void;
}) {
  const { t } = useTranslation('settings');
  const replay = useReplayWebhookRange(integrationId);
  const { form, failure, submit } = useContractForm({
    initialValues: { from: null as string | null, to: null as string | null },
    schema: (c) => c.webhooksApi.replayWebhookRange.body,
    toInput: (values) => ({
      endpoint_id: endpoint.id,
      from: toIsoInstant(values.from),
      to: toIsoInstant(values.to),
    }),
  });
  const from = form.getValues().from;
  const onSubmit = submit(async (body) => {
    const { events } = await replay.mutateAsync(body);
    notify({ title: t('webhooks.replayRange.done', { count: events }), color: 'green' });
    onClose();
  });
  return (
    <ModalForm
      onClose={onClose}
      title={t('webhooks.replayRange.title')}
      centered
      onSubmit={onSubmit}
      failure={failure}
      testId="webhook-replay-range-form"
      failureTestId="webhook-replay-range-failure"
      intro={
        <Text size="sm" c="dimmed">
          {t('webhooks.replayRange.intro', { url: endpoint.url, days: WEBHOOK_REPLAY_MAX_DAYS })}
        </Text>
      }
      actions={{
        submitLabel: t('webhooks.replayRange.submit'),
        submitting: form.submitting,
        submitTestId: 'webhook-replay-range-submit',
      }}
    >
      <DateTimeField
        label={t('webhooks.replayRange.from')}
        required
        maxDate={new Date()}
        {...form.getInputProps('from')}
      />
      <DateTimeField
        label={t('webhooks.replayRange.to')}
        required
        minDate={from ? dayjs(from).toDate() : undefined}
        maxDate={from ? dayjs(from).add(WEBHOOK_REPLAY_MAX_DAYS, 'day').toDate() : undefined}
        {...form.getInputProps('to')}
      />
    </ModalForm>
  );
}
