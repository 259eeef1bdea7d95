import type { AuditEntity, AuditEntry } from '@backdesk/contract';
import { Alert, Loader, Stack, Table, Text, Timeline } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/language.ts';
import { formatDateTime } from '../../lib/locale-format.ts';
import { useAuditTrail } from './audit-trail-query.ts';
import { changeRows } from './change-text.ts';

/**
 * Who changed a record, when, and each field from what to what, in the member's language. One
 * component for every detail page; a customer's trail also holds its restrictions' rows, which
 * name their entity.
 */
export function AuditTrail({ entity, entityId }: { entity: AuditEntity; entityId: string | number }) {
  const { t } = useTranslation('audit');
  const trail = useAuditTrail(entity, entityId);
  if (trail.isPending) return <Loader size="sm" />;
  if (trail.isError)
    return (
      <Alert color="red" variant="light">
        {t('loadFailed')}
      </Alert>
    );
  if (trail.data.items.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="audit-history-empty">
        {t('empty')}
      </Text>
    );
  return (
    <Timeline bulletSize={12} lineWidth={2} data-testid="audit-history">
      {trail.data.items.map((entry) => (
        <Timeline.Item key={entry.id} title={<EntryTitle entry={entry} ownEntity={entity} />}>
          <EntryChanges entry={entry} />
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function EntryTitle({ entry, ownEntity }: { entry: AuditEntry; ownEntity: AuditEntity }) {
  const { t } = useTranslation('audit');
  const { locale } = useLanguage();
  const action = t(`actions.${entry.action}`);
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600} data-testid="audit-action">
        {entry.entity === ownEntity ? action : `${t(`entities.${entry.entity}`)} · ${action}`}
      </Text>
      <Text
        size="xs"
        c="dimmed"
        title={entry.request_id ? t('request', { id: entry.request_id }) : undefined}
      >
        {entry.member?.display_name ?? t('system')} · {formatDateTime(locale, entry.at)}
      </Text>
    </Stack>
  );
}

function EntryChanges({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  const { locale } = useLanguage();
  const rows = changeRows(t, locale, entry);
  if (rows.length === 0) return null;
  return (
    <Table
      fz="xs"
      verticalSpacing={2}
      horizontalSpacing="xs"
      mt={4}
      maw={760}
      layout="fixed"
      withRowBorders={false}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="28%">{t('field')}</Table.Th>
          <Table.Th>{t('before')}</Table.Th>
          <Table.Th w={28} />
          <Table.Th>{t('after')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.field} data-field={row.field}>
            <Table.Td c="dimmed">{row.label}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.before}</Table.Td>
            <Table.Td c="dimmed">
              <IconArrowRight size={12} aria-hidden />
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }} fw={500}>
              {row.after}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
