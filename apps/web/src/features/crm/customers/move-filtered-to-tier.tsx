import type { CustomerFilters, ListTotal } from '@backdesk/contract';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconArrowsRightLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkApprovalDialog, type BulkApprovalInput } from '../../../components/bulk/index.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { errorText } from '../../../lib/errors.ts';
import { formatInteger } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatApproximate } from '../../../lib/locale-format.ts';
import { notify } from '../../../lib/notify.ts';
import { useCustomerTypes, useMoveCustomers } from '../customer-types/customer-types-api.ts';

/**
 * Moves every customer matching the list's current filters to one tier (docs/product-rules.md R12: "move a
 * customer between tiers", for a filtered set). A bulk action like every other: the server
 * counts who would move, the member confirms that count, and above the threshold types it back with a
 * reason for a second member, who approves exactly those customers.
 */
export function MoveFilteredToTier({
  filters,
  total,
}: {
  filters: CustomerFilters;
  total: ListTotal | undefined;
}) {
  const { t } = useTranslation('crm');
  const tiers = useCustomerTypes();
  const move = useMoveCustomers();
  const { ask, dialog } = useConfirm();
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState<string | null>(null);
  const [held, setHeld] = useState<{ count: number; to: string } | null>(null);
  const { locale } = useLanguage();
  // The member's locale, not the browser's: a Turkish screen groups as 1.234.
  const matching = !total
    ? '…'
    : total.exact
      ? formatInteger(locale, total.value)
      : `≈ ${formatApproximate(locale, total.value)}`;
  const tierName = (code: string) => tiers.data?.items.find((tier) => tier.code === code)?.name ?? code;
  const close = () => {
    setOpen(false);
    setTo(null);
  };

  const apply = (target: string, count: number, extra?: BulkApprovalInput) =>
    move.mutateAsync({ to: target, filters, expected: count, ...extra }).then((result) =>
      notify({
        title: result.applied
          ? t('types.moved', { count: result.moved })
          : t('types.moveRequested', { count: formatInteger(locale, result.count) }),
        color: result.applied ? 'green' : 'blue',
      }),
    );

  const review = (target: string) =>
    move.mutate(
      { to: target, filters, dry_run: true },
      {
        onError: (error) => notify({ title: errorText(error), color: 'red' }),
        onSuccess: ({ count, needs_approval }) => {
          close();
          if (needs_approval) return setHeld({ count, to: target });
          const shown = formatInteger(locale, count);
          ask({
            title: t('types.moveConfirmTitle', { count: shown, tier: tierName(target) }),
            message: count === 0 ? t('types.moveConfirmNone') : t('types.moveFilteredHint', { count: shown }),
            confirmLabel: t('types.moveAction', { tier: tierName(target) }),
            onConfirm: () =>
              apply(target, count).catch((error: unknown) => {
                notify({ title: errorText(error), color: 'red' });
                throw error;
              }),
          });
        },
      },
    );

  return (
    <>
      <Button variant="default" leftSection={<IconArrowsRightLeft size={16} />} onClick={() => setOpen(true)}>
        {t('types.moveFiltered')}
      </Button>
      <Modal opened={open} onClose={close} title={t('types.moveFilteredTitle')}>
        <Stack>
          <Text size="sm">{t('types.moveFilteredHint', { count: matching })}</Text>
          <Select
            label={t('types.to')}
            data={(tiers.data?.items ?? []).map((tier) => ({ value: tier.code, label: tier.name }))}
            value={to}
            onChange={setTo}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('types.cancel')}
            </Button>
            <Button
              disabled={!to}
              loading={move.isPending}
              onClick={() => review(to!)}
              data-testid="move-count"
            >
              {t('types.moveCount')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {dialog}
      <BulkApprovalDialog
        opened={held !== null}
        action={t('types.moveApprovalAction', { tier: held ? tierName(held.to) : '' })}
        count={held?.count ?? 0}
        onClose={() => setHeld(null)}
        onConfirm={async (input) => {
          if (!held) return;
          await apply(held.to, held.count, input);
          setHeld(null);
        }}
      />
    </>
  );
}
