import type { Vasp } from '@backdesk/contract';
import { TRAVEL_RULE_JURISDICTIONS, VASP_DUE_DILIGENCE } from '@backdesk/contract/compliance/keys';
import { ActionIcon, Badge, Button, Group, Tooltip } from '@mantine/core';
import { IconAddressBook, IconFileImport, IconPlugConnected, IconPlus, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordHistory } from '../../../components/audit-trail/index.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import {
  defineList,
  type ListFiltersProps,
  ListPage,
  SelectFilter,
  TextFilter,
  useColumnKit,
} from '../../../components/list-page/index.ts';
import { useCan } from '../../../lib/can.ts';
import { errorText } from '../../../lib/errors.ts';
import { keyOptions } from '../../../lib/key-options.ts';
import { notify } from '../../../lib/notify.ts';
import { travelRuleEndpoints } from './endpoints.ts';
import { useDeleteVasp, vaspsSource } from './travel-rule-api.ts';
import { TravelRuleSection } from './travel-rule-section.tsx';
import { VaspAddressesDrawer } from './vasp-addresses.tsx';
import { VaspForm } from './vasp-form.tsx';
import { VaspImportModal } from './vasp-import.tsx';
import { VaspTrpModal } from './vasp-trp.tsx';

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
      render: (v) => (v.jurisdiction ? t(`jurisdiction.${v.jurisdiction}`) : '—'),
    },
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

type Open = { form: Vasp | 'new' } | { addresses: Vasp } | { trp: Vasp } | 'import' | null;

/**
 * The VASP directory: counterparties and their due diligence. Admins and supers edit it (a row opens
 * its form), attribute addresses, import it from a file; managers read it.
 */
export function VaspsPage() {
  const { t } = useTranslation(['travelRule', 'common']);
  const can = useCan();
  const [open, setOpen] = useState<Open>(null);
  const remove = useDeleteVasp();
  const confirm = useConfirm();
  const history = useRecordHistory((v: Vasp) => ({
    entity: 'vasp',
    entityId: v.id,
    title: t('vasp.history', { name: v.name }),
  }));
  const canEdit = can(travelRuleEndpoints.updateVasp);
  const onDelete = (v: Vasp) =>
    confirm.ask({
      title: t('vasp.deleteTitle', { name: v.name }),
      message: t('vasp.deleteHint'),
      confirmLabel: t('vasp.delete'),
      onConfirm: () =>
        remove.mutateAsync(
          { id: v.id, version: v.version },
          {
            onSuccess: () => notify({ title: t('vasp.deleted'), color: 'green' }),
            onError: (error) => notify({ title: errorText(error), color: 'red' }),
          },
        ),
    });
  return (
    <TravelRuleSection
      actions={
        can(travelRuleEndpoints.createVasp) && (
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} />}
              onClick={() => setOpen('import')}
              data-testid="vasp-import-open"
            >
              {t('import.open')}
            </Button>
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setOpen({ form: 'new' })}
              data-testid="vasp-new"
            >
              {t('vasp.new')}
            </Button>
          </Group>
        )
      }
    >
      <ListPage
        list={vaspsList}
        emptyText={t('vaspsEmpty')}
        onRowOpen={canEdit ? (v) => setOpen({ form: v }) : undefined}
        rowActions={(v) => (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <Tooltip label={t('addresses.open')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('addresses.openFor', { name: v.name })}
                onClick={() => setOpen({ addresses: v })}
                data-testid={`vasp-addresses-${v.id}`}
              >
                <IconAddressBook size={16} stroke={1.7} />
              </ActionIcon>
            </Tooltip>
            {can(travelRuleEndpoints.configureTrp) && (
              <Tooltip label={t('trp.open')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('trp.openFor', { name: v.name })}
                  onClick={() => setOpen({ trp: v })}
                  data-testid={`vasp-trp-${v.id}`}
                >
                  <IconPlugConnected size={16} stroke={1.7} />
                </ActionIcon>
              </Tooltip>
            )}
            {history.button(v, `history-vasp-${v.id}`)}
            {can(travelRuleEndpoints.deleteVasp) && (
              <Tooltip label={t('vasp.delete')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('vasp.deleteOne', { name: v.name })}
                  onClick={() => onDelete(v)}
                  data-testid={`vasp-delete-${v.id}`}
                >
                  <IconTrash size={16} stroke={1.7} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        )}
      />
      {open !== null && typeof open === 'object' && 'form' in open && (
        <VaspForm vasp={open.form === 'new' ? undefined : open.form} onClose={() => setOpen(null)} />
      )}
      {open !== null && typeof open === 'object' && 'addresses' in open && (
        <VaspAddressesDrawer vasp={open.addresses} onClose={() => setOpen(null)} />
      )}
      {open !== null && typeof open === 'object' && 'trp' in open && (
        <VaspTrpModal vasp={open.trp} onClose={() => setOpen(null)} />
      )}
      {open === 'import' && <VaspImportModal onClose={() => setOpen(null)} />}
      {confirm.dialog}
      {history.drawer}
    </TravelRuleSection>
  );
}
