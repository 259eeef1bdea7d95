import type { Vasp } from '@backdesk/contract';
import { TRAVEL_RULE_JURISDICTIONS, VASP_DUE_DILIGENCE } from '@backdesk/contract/compliance/keys';
import { Badge } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import {
  defineList,
  type ListFiltersProps,
  ListPage,
  SelectFilter,
  TextFilter,
  useColumnKit,
} from '../../../components/list-page/index.ts';
import { keyOptions } from '../../../lib/key-options.ts';
import { vaspsSource } from './travel-rule-api.ts';
import { TravelRuleSection } from './travel-rule-section.tsx';

const DD_COLOURS: Record<Vasp['due_diligence'], string> = {
  pending: 'yellow',
  approved: 'green',
  restricted: 'orange',
  rejected: 'red',
};

function useVaspColumns(): DataTableColumn<Vasp>[] {
  const { t } = useTranslation('travelRule');
  const kit = useColumnKit();
  return [
    { accessor: 'name', title: t('columns.name'), sortable: true },
    { accessor: 'lei', title: t('columns.lei'), noWrap: true, render: (v) => v.lei ?? '—' },
    {
      accessor: 'jurisdiction',
      title: t('columns.jurisdiction'),
      noWrap: true,
      render: (v) => (v.jurisdiction ? t(`jurisdiction.${v.jurisdiction}`) : '—'),
    },
    { accessor: 'country', title: t('columns.country'), render: (v) => v.country ?? '—' },
    { accessor: 'licence', title: t('columns.licence'), render: (v) => v.licence ?? '—' },
    { accessor: 'protocol', title: t('columns.protocol'), render: (v) => t(`protocol.${v.protocol}`) },
    {
      accessor: 'due_diligence',
      title: t('columns.dueDiligence'),
      noWrap: true,
      render: (v) => (
        <Badge variant="light" color={DD_COLOURS[v.due_diligence]} data-testid="vasp-due-diligence">
          {t(`dueDiligence.${v.due_diligence}`)}
        </Badge>
      ),
    },
    kit.date('review_date', t('columns.reviewDate'), { sortable: true }),
    { accessor: 'address_count', title: t('columns.addresses'), textAlign: 'right' },
  ];
}

function VaspFilters({ filter }: ListFiltersProps) {
  const { t } = useTranslation('travelRule');
  return (
    <>
      <TextFilter {...filter('q')} label={t('filters.search')} width={220} testId="filter-q" />
      <SelectFilter
        {...filter('jurisdiction')}
        label={t('filters.jurisdiction')}
        options={keyOptions(TRAVEL_RULE_JURISDICTIONS, (j) => t(`jurisdiction.${j}`))}
        width={200}
        testId="filter-jurisdiction"
      />
      <SelectFilter
        {...filter('due_diligence')}
        label={t('filters.dueDiligence')}
        options={keyOptions(VASP_DUE_DILIGENCE, (d) => t(`dueDiligence.${d}`))}
        width={170}
        testId="filter-due-diligence"
      />
    </>
  );
}

export const vaspsList = defineList({
  key: 'compliance.vasps',
  source: vaspsSource,
  testId: 'vasps-list',
  rowKey: 'id',
  useColumns: useVaspColumns,
  Filters: VaspFilters,
  hiddenByDefault: ['country', 'licence', 'address_count'],
  rowAttributes: (v) => ({ 'data-vasp-id': v.id }),
  namespaces: ['travelRule'],
});

/** The VASP directory: counterparties and their due diligence (editing comes with the next part). */
export function VaspsPage() {
  const { t } = useTranslation('travelRule');
  return (
    <TravelRuleSection>
      <ListPage list={vaspsList} emptyText={t('vaspsEmpty')} />
    </TravelRuleSection>
  );
}
