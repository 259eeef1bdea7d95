import type { fraudApi } from '@backdesk/contract';
import { FRAUD_RUN_KINDS, FRAUD_RUN_STATUSES } from '@backdesk/contract/fraud/keys';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import {
  defineList,
  type ListFiltersProps,
  SelectFilter,
  useColumnKit,
} from '../../../../components/list-page/index.ts';
import { keyOptions } from '../../../../lib/key-options.ts';
import { RunStatusBadge } from './run-panel.tsx';
import { runsSource } from './runs-api.ts';

type Run = fraudApi.FraudRun;

/** What a run was about, in a few words: its rules or its span. */
function useSubject() {
  const { t } = useTranslation(['fraudRules', 'fraud']);
  return (run: Run) => {
    // A rescreening is about the lists, not the rules.
    if (run.kind === 'rescreen') return '—';
    const p = run.params as { rule?: string; rules?: string[] };
    const rules = p.rules ?? (p.rule ? [p.rule] : []);
    return rules.length
      ? rules.map((r) => t(`fraud:rules.${r}`, { defaultValue: r })).join(', ')
      : t('runs.allRules');
  };
}

function useRunColumns(): DataTableColumn<Run>[] {
  const { t, i18n } = useTranslation(['fraudRules', 'fraud']);
  const kit = useColumnKit();
  const subject = useSubject();
  const number = new Intl.NumberFormat(i18n.language);
  return [
    { accessor: 'id', title: t('runs.columns.id'), noWrap: true, render: (r) => `#${r.id}` },
    {
      accessor: 'kind',
      title: t('runs.columns.kind'),
      noWrap: true,
      render: (r) => t(`fraud:runKind.${r.kind}`),
    },
    { accessor: 'subject', title: t('runs.columns.subject'), render: subject },
    {
      accessor: 'status',
      title: t('runs.columns.status'),
      noWrap: true,
      render: (r) => <RunStatusBadge status={r.status} />,
    },
    {
      accessor: 'progress',
      title: t('runs.columns.progress'),
      noWrap: true,
      textAlign: 'right',
      render: (r) =>
        r.progress_total
          ? `${number.format(r.progress_done)} / ${number.format(r.progress_total)}`
          : number.format(r.progress_done),
    },
    {
      accessor: 'requested_by',
      title: t('runs.columns.requestedBy'),
      render: (r) => r.requested_by ?? t('runs.system'),
    },
    kit.dateTime('created_at', t('runs.columns.created'), { sortable: true }),
    kit.dateTime('finished_at', t('runs.columns.finished')),
  ];
}

function RunFilters({ filter }: ListFiltersProps) {
  const { t } = useTranslation(['fraudRules', 'fraud']);
  return (
    <>
      <SelectFilter
        {...filter('kind')}
        label={t('runs.columns.kind')}
        options={keyOptions(FRAUD_RUN_KINDS, (k) => t(`fraud:runKind.${k}`))}
        width={170}
        testId="filter-run-kind"
      />
      <SelectFilter
        {...filter('status')}
        label={t('runs.columns.status')}
        options={keyOptions(FRAUD_RUN_STATUSES, (s) => t(`fraud:runStatus.${s}`))}
        width={160}
        testId="filter-run-status"
      />
    </>
  );
}

export const runsList = defineList({
  key: 'fraud.runs',
  source: runsSource,
  testId: 'fraud-runs-list',
  rowKey: 'id',
  useColumns: useRunColumns,
  Filters: RunFilters,
  rowAttributes: (r) => ({ 'data-run-id': r.id, 'data-status': r.status }),
  namespaces: ['fraudRules', 'fraud', 'fraudScreening'],
});
