import type { CustomerFilters, ListTotal } from '@backdesk/contract';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconArrowsRightLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/errors.ts';
import { formatInteger } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatApproximate } from '../../../lib/locale-format.ts';
import { notify } from '../../../lib/notify.ts';
import { useCustomerTypes, useMoveCustomers } from '../customer-types/customer-types-api.ts';

/**
 * Moves every customer matching the list's current filters to one tier (docs/product-rules.md R12: "move a
 * customer between tiers", for a filtered set). Asks first, with the number about to move.
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
  const [open, setOpen] = useState(false);
  const [to, setTo] = useState<string | null>(null);
  const { locale } = useLanguage();
  // The member's locale, not the browser's: a Turkish screen groups as 1.234.
  const count = !total
    ? '…'
    : total.exact
      ? formatInteger(locale, total.value)
      : `≈ ${formatApproximate(locale, total.value)}`;
  const close = () => {
    setOpen(false);
    setTo(null);
  };
  return (
    <>
      <Button variant="default" leftSection={<IconArrowsRightLeft size={16} />} onClick={() => setOpen(true)}>
        {t('types.moveFiltered')}
      </Button>
      <Modal opened={open} onClose={close} title={t('types.moveFilteredTitle')}>
        <Stack>
          <Text size="sm">{t('types.moveFilteredHint', { count })}</Text>
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
              onClick={() =>
                move.mutate(
                  { to: to!, filters },
                  {
                    onSuccess: (r) => {
                      notify({ title: t('types.moved', { count: r.moved }), color: 'green' });
                      close();
                    },
                    onError: (e) => notify({ title: errorText(e), color: 'red' }),
                  },
                )
              }
            >
              {t('types.move')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
