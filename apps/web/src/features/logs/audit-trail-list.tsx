import type { AuditTrailRow } from '@backdesk/contract';
import { AUDIT_ENTITIES } from '@backdesk/contract/audit';
import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { changeRows } from '../../components/audit-trail/change-text.ts';
import {
  defineList,
  type ListFiltersProps,
  SelectFilter,
  TextFilter,
  useColumnKit,
} from '../../components/list-page/index.ts';
import { auditTarget } from './audit-target.ts';
import { LogFilters } from './log-filters.tsx';
import { auditTrailSource, logsEndpoints } from './logs-api.ts';

function AuditTrailFilters({ filter }: ListFiltersProps) {
  const { t } = useTranslation(['logs', 'audit']);
  return (
    <LogFilters filter={filter}>
      <SelectFilter
        {...filter('entity')}
        label={t('logs:filters.entity')}
        width={190}
        options={AUDIT_ENTITIES.map((e) => ({ value: e, label: t(`audit:entities.${e}`) }))}
        testId="filter-entity"
      />
      <TextFilter
        {...filter('customer')}
        label={t('logs:filters.customer')}
        width={250}
        testId="filter-customer"
      />
    </LogFilters>
  );
}

/** The changed record, linking to where it is shown (the customer, the list that holds it). */
function RecordLink({ row }: { row: AuditTrailRow }) {
  const { t } = useTranslation(['logs', 'audit']);
  const entity = t(`audit:entities.${row.entity}`);
  const text = `${entity} ${row.entity_id}`;
  const target = auditTarget(row);
  if (!target) return <Text size="sm">{text}</Text>;
  return (
    <Anchor
      size="sm"
      fw={500}
      renderRoot={(props) => <Link {...props} {...(target as object)} />}
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
      aria-label={t('logs:open', { entity, id: row.entity_id })}
      data-testid="audit-record-link"
    >
      {text}
    </Anchor>
  );
}

/** Before → after of each changed field, one line each. */
function Change({ row }: { row: AuditTrailRow }) {
  const { t, i18n } = useTranslation('audit');
  const lines = changeRows(t, i18n.language, row);
  return (
    <Stack gap={0}>
      {lines.map((line) => (
        <Text key={line.field} size="xs" lineClamp={1} maw={360} title={`${line.before} → ${line.after}`}>
          <Text span fw={600} size="xs">
            {line.label}:
          </Text>{' '}
          {line.before} → {line.after}
        </Text>
      ))}
    </Stack>
  );
}

function useColumns(): DataTableColumn<AuditTrailRow>[] {
  const { t } = useTranslation(['logs', 'audit']);
  const kit = useColumnKit();
  return [
    kit.dateTime('at', t('logs:columns.at'), { sortable: true }),
    {
      accessor: 'member',
      title: t('logs:columns.member'),
      render: (r) => r.member?.display_name ?? t('logs:system'),
    },
    { accessor: 'entity', title: t('logs:columns.entity'), render: (r) => <RecordLink row={r} /> },
    { accessor: 'action', title: t('logs:columns.action'), render: (r) => t(`audit:actions.${r.action}`) },
    { accessor: 'before', title: t('logs:columns.change'), noWrap: false, render: (r) => <Change row={r} /> },
    kit.code('request_id', t('logs:columns.request'), { width: 110, size: 'xs' }),
  ];
}

export const auditTrailList = defineList({
  key: 'logs.audit',
  source: auditTrailSource,
  testId: 'audit-trail-list',
  rowKey: 'id',
  useColumns,
  Filters: AuditTrailFilters,
  exportEndpoint: logsEndpoints.exportAuditTrail,
  rowAttributes: (r) => ({ 'data-id': r.id, 'data-entity': r.entity }),
});
