import { Code, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/language.ts';
import { useAuditHistory } from '../api/get-customer.ts';
import { formatDateTime } from '../format.ts';

const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

export function AuditHistory({ entity, entityId }: { entity: string; entityId: number }) {
  const { t } = useTranslation('crm');
  const { locale } = useLanguage();
  const history = useAuditHistory(entity, entityId);
  if (history.isError) return <Text c="red">{t('common.loadFailed')}</Text>;
  const items = history.data?.items ?? [];
  if (!history.isPending && items.length === 0) return <Text c="dimmed">{t('detail.noHistory')}</Text>;
  return (
    <Table striped data-testid="audit-history">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('detail.history.at')}</Table.Th>
          <Table.Th>{t('detail.history.who')}</Table.Th>
          <Table.Th>{t('detail.history.action')}</Table.Th>
          <Table.Th>{t('detail.history.before')}</Table.Th>
          <Table.Th>{t('detail.history.after')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((e) => (
          <Table.Tr key={e.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(locale, e.at)}</Table.Td>
            <Table.Td>{e.member?.display_name ?? '—'}</Table.Td>
            <Table.Td>{e.action}</Table.Td>
            <Table.Td>
              <Code block>{show(e.before)}</Code>
            </Table.Td>
            <Table.Td>
              <Code block>{show(e.after)}</Code>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
