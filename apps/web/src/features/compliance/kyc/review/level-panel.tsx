import type { CustomerKyc } from '@backdesk/contract';
import { KYC_LEVELS } from '@backdesk/contract/compliance/keys';
import { Button, Card, Group, Radio, Stack, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure, useContractForm } from '../../../../components/forms/index.ts';
import { notify } from '../../../../lib/notify.ts';
import { useSetKycLevel } from '../kyc-api.ts';
import { PendingLevelApproval } from './level-approval.tsx';

/**
 * The customer's KYC level and what each unlocks (R38); a level under the tier's requirement cannot
 * be chosen. Keyed by the customer's version by its parent, so one Idempotency-Key is one decision.
 */
function LevelForm({ kyc, canDecide }: { kyc: CustomerKyc; canDecide: boolean }) {
  const { t } = useTranslation('compliance');
  const { t: tf } = useTranslation('fraud');
  const setLevel = useSetKycLevel();
  const [key] = useState(() => crypto.randomUUID());
  const { customer } = kyc;
  const { form, failure, submit } = useContractForm({
    initialValues: { level: String(customer.kyc_level), comment: '' },
    schema: (c) => c.complianceApi.SetKycLevelBodySchema,
    toInput: (v) => ({
      customer_id: customer.id,
      level: Number(v.level),
      version: customer.version,
      comment: v.comment.trim() || undefined,
    }),
  });
  const onSubmit = submit(async (body) => {
    const { approval } = await setLevel.mutateAsync({ body, key });
    // A customer with fraud alerts: the level waits for a second member (R63).
    if (approval) notify({ title: tf('demo.levelAwaitsSecond', { level: body.level }), color: 'yellow' });
    else notify({ title: t('level.saved', { level: body.level }), color: 'green' });
  });
  return (
    <form onSubmit={onSubmit} noValidate data-testid="level-form">
      <Stack gap="sm">
        <FormFailure failure={failure} testId="level-failure" />
        <Radio.Group
          name="level"
          label={t('level.current', { level: customer.kyc_level })}
          {...form.getInputProps('level')}
        >
          <Stack gap={6} mt={4}>
            {KYC_LEVELS.map((level) => {
              const belowTier = level < customer.tier_required_level;
              return (
                <Radio
                  key={level}
                  value={String(level)}
                  disabled={!canDecide || belowTier}
                  label={t(`level.unlocks.${level}`)}
                  description={belowTier ? t('level.belowTier', { tier: customer.customer_type }) : undefined}
                  data-testid={`level-${level}`}
                />
              );
            })}
          </Stack>
        </Radio.Group>
        {canDecide && (
          <>
            <Textarea
              label={t('decision.comment')}
              description={t('decision.commentHint')}
              name="comment"
              autosize
              minRows={1}
              maxLength={2000}
              {...form.getInputProps('comment')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={form.submitting} data-testid="set-level">
                {t('level.set')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </form>
  );
}

export function LevelPanel({ kyc, canDecide }: { kyc: CustomerKyc; canDecide: boolean }) {
  const { t } = useTranslation('compliance');
  return (
    <Card withBorder radius="md" padding="sm">
      <Title order={3} fz="sm" mb="xs">
        {t('level.title')}
      </Title>
      <Stack gap="sm">
        <PendingLevelApproval customerId={kyc.customer.id} />
        <LevelForm key={kyc.customer.version} kyc={kyc} canDecide={canDecide} />
      </Stack>
    </Card>
  );
}
