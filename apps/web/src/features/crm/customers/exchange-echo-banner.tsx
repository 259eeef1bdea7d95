import type { CustomerExchange } from '@backdesk/contract';
import { Alert, List, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../shared/format.ts';

/** The profile field label of each contact column staff may edit and the exchange also sends. */
const FIELD_LABEL: Record<string, string> = {
  alias_name: 'fields.name',
  alias_surname: 'fields.surname',
  alias_email: 'fields.email',
  mobile: 'fields.phone',
};

/**
 * A staff edit the exchange has not yet echoed back, and the exchange's versions refused meanwhile
 * because they would have undone it (STAFF_EDIT_PENDING, decision 0025). Nothing when all is in step.
 */
export function ExchangeEchoBanner({ exchange }: { exchange: CustomerExchange }) {
  const { t } = useTranslation('crm');
  const { locale } = useLanguage();
  if (exchange.pending_fields.length === 0 && exchange.conflicts.length === 0) return null;
  const label = (field: string) => t(FIELD_LABEL[field] ?? 'fields.name');
  const fields = exchange.pending_fields.map(label).join(', ');
  return (
    <Alert
      color="yellow"
      mb="md"
      icon={<IconArrowsExchange size={18} />}
      title={t('detail.exchange.title')}
      data-testid="exchange-echo"
    >
      {exchange.pending_fields.length > 0 && (
        <Text size="sm">
          {t('detail.exchange.pending', {
            fields,
            since: formatDateTime(locale, exchange.pending_since),
          })}
        </Text>
      )}
      {exchange.conflicts.length > 0 && (
        <>
          <Text size="sm" mt="xs">
            {t('detail.exchange.refused', { count: exchange.conflicts.length })}
          </Text>
          <List size="sm" mt={4}>
            {exchange.conflicts.map((c) => (
              <List.Item key={`${c.version}-${c.received_at}`}>
                {t('detail.exchange.conflict', {
                  version: c.version,
                  at: formatDateTime(locale, c.received_at),
                  changes: c.fields
                    .map((f) =>
                      t('detail.exchange.change', {
                        field: label(f.field),
                        staff: f.staff ?? '—',
                        incoming: f.incoming ?? '—',
                      }),
                    )
                    .join('; '),
                })}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </Alert>
  );
}
