import type { CommissionRule } from '@backdesk/contract';
import { COMMISSION_KINDS, COMMISSION_OPERATIONS, commissionIssues } from '@backdesk/contract/rules';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { type CommissionBody, useSaveCommission } from '../api/commissions.ts';
import { errorText } from '../shared/error-text.ts';
import { issuesByField } from '../shared/issue-text.ts';

const draftOf = (rule: CommissionRule | undefined) => ({
  operation: rule?.operation ?? 'trade',
  asset: rule?.asset ?? '',
  customer_type: rule?.customer_type ?? '',
  kind: rule?.kind ?? 'percent',
  value: rule?.value ?? '',
  min_fee: rule?.min_fee ?? '',
  max_fee: rule?.max_fee ?? '',
});

/** Create or edit one fee rule; an edit carries the version it started from (stale edits are refused). */
export function CommissionForm({
  rule,
  customerTypes,
  onClose,
}: {
  rule: CommissionRule | undefined;
  customerTypes: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation('transactions');
  const [draft, setDraft] = useState(() => draftOf(rule));
  const [touched, setTouched] = useState(false);
  const [key] = useState(() => crypto.randomUUID());
  const save = useSaveCommission();
  const issues = commissionIssues(draft);
  const errors = touched ? issuesByField(t, issues) : {};
  const set = (field: keyof typeof draft) => (value: string | null) =>
    setDraft((d) => ({ ...d, [field]: value ?? '' }));

  const submit = () => {
    setTouched(true);
    if (issues.length > 0) return;
    const body: CommissionBody = {
      ...draft,
      operation: draft.operation as CommissionBody['operation'],
      kind: draft.kind as CommissionBody['kind'],
      asset: draft.asset || null,
      customer_type: draft.customer_type || null,
      min_fee: draft.min_fee || null,
      max_fee: draft.max_fee || null,
    };
    save.mutate(
      { rule: body, id: rule?.id, version: rule?.version, key },
      {
        onSuccess: (res) => {
          notify({ title: res.message, color: 'green' });
          onClose();
        },
        onError: (error) =>
          notify({ title: t('commissions.saveFailed'), description: errorText(t, error), color: 'red' }),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={rule ? t('commissions.edit') : t('commissions.new')} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        data-testid="commission-form"
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('fields.operation')}
              data={COMMISSION_OPERATIONS.map((o) => ({ value: o, label: t(`operations.${o}`) }))}
              value={draft.operation}
              onChange={set('operation')}
              allowDeselect={false}
            />
            <TextInput
              label={t('fields.asset')}
              placeholder={t('commissions.anyAsset')}
              value={draft.asset}
              onChange={(e) => set('asset')(e.currentTarget.value.toUpperCase())}
            />
            <Select
              label={t('fields.customer_type')}
              placeholder={t('commissions.anyType')}
              data={customerTypes}
              value={draft.customer_type || null}
              onChange={set('customer_type')}
              clearable
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('fields.kind')}
              data={COMMISSION_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
              value={draft.kind}
              onChange={set('kind')}
              allowDeselect={false}
            />
            <TextInput
              label={draft.kind === 'percent' ? t('commissions.percent') : t('commissions.flat')}
              inputMode="decimal"
              value={draft.value}
              onChange={(e) => set('value')(e.currentTarget.value)}
              error={errors.value}
              name="value"
            />
            <TextInput
              label={t('fields.min_fee')}
              inputMode="decimal"
              value={draft.min_fee}
              onChange={(e) => set('min_fee')(e.currentTarget.value)}
              error={errors.min_fee}
            />
            <TextInput
              label={t('fields.max_fee')}
              inputMode="decimal"
              value={draft.max_fee}
              onChange={(e) => set('max_fee')(e.currentTarget.value)}
              error={errors.max_fee}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
