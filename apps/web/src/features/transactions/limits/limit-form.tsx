import { LIMIT_AMOUNT_FIELDS, LIMIT_TYPES, limitIssues } from '@backdesk/contract/rules';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify.ts';
import { useCreateLimit } from '../api/limits.ts';
import { errorText } from '../shared/error-text.ts';
import { issuesByField } from '../shared/issue-text.ts';

const EMPTY = {
  limit_type: 'withdrawal',
  contract_name: '',
  wallet_address: '',
  wallet_name: '',
  min_amount: '',
  max_amount: '',
  daily_cap: '',
  monthly_cap: '',
};
type Draft = typeof EMPTY;

/** The create form: checked with the contract's own rules as the member types, then sent once. */
export function LimitForm({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('transactions');
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [touched, setTouched] = useState(false);
  // One key per form submission: a retried or double-clicked create makes one limit.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const create = useCreateLimit();
  const errors = touched ? issuesByField(t, limitIssues(draft)) : {};
  const set = (field: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));

  const submit = () => {
    setTouched(true);
    if (limitIssues(draft).length > 0) return;
    create.mutate(
      { limit: draft, key },
      {
        onSuccess: (res) => {
          notify({ title: t('limits.created'), description: res.message, color: 'green' });
          setDraft(EMPTY);
          setTouched(false);
          setKey(crypto.randomUUID());
          onClose();
        },
        // Spec §8: "Failed to create limit", or "Unknown error occurred" when nothing is known.
        onError: (error) =>
          notify({ title: t('limits.createFailed'), description: errorText(t, error), color: 'red' }),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('limits.new')} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        data-testid="limit-form"
      >
        <Stack gap="sm">
          <Select
            label={t('fields.limit_type')}
            data={LIMIT_TYPES.map((type) => ({ value: type, label: t(`limitTypes.${type}`) }))}
            value={draft.limit_type}
            onChange={(v) => set('limit_type')(v ?? '')}
            error={errors.limit_type}
            allowDeselect={false}
            name="limit_type"
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t('fields.contract_name')}
              placeholder="USDT-TRC20"
              name="contract_name"
              value={draft.contract_name}
              onChange={(e) => set('contract_name')(e.currentTarget.value)}
            />
            <TextInput
              label={t('fields.wallet_address')}
              name="wallet_address"
              value={draft.wallet_address}
              onChange={(e) => set('wallet_address')(e.currentTarget.value)}
            />
            <TextInput
              label={t('fields.wallet_name')}
              placeholder={t('limits.walletNameHint')}
              name="wallet_name"
              value={draft.wallet_name}
              onChange={(e) => set('wallet_name')(e.currentTarget.value)}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {LIMIT_AMOUNT_FIELDS.map((field) => (
              <TextInput
                key={field}
                label={t(`fields.${field}`)}
                name={field}
                inputMode="decimal"
                placeholder={t('limits.unbounded')}
                value={draft[field]}
                onChange={(e) => set(field)(e.currentTarget.value)}
                error={errors[field]}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="limit-submit">
              {t('limits.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
