import {
  RESTRICTION_KINDS,
  RESTRICTION_STATES,
  type Restriction,
  type RestrictionsQuery,
} from '@backdesk/contract';
import { Button, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList, type DataListState } from '../../../components/data-list/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useRestrictions } from '../api/restrictions-api.ts';
import { AddRestrictionModal, LiftRestrictionModal } from './restriction-forms.tsx';
import { useRestrictionColumns } from './restrictions-table.tsx';

type Search = DataListState & { kind?: string; state?: string; customer?: string };

export function RestrictionsPage({
  search,
  onSearchChange,
}: {
  search: Search;
  onSearchChange: (p: Partial<Search>) => void;
}) {
  const { t } = useTranslation(['crm', 'common']);
  const query = search as RestrictionsQuery;
  const list = useRestrictions(query);
  const [adding, setAdding] = useState(false);
  const [lifting, setLifting] = useState<Restriction | null>(null);
  const columns = useRestrictionColumns(setLifting, true);
  const [customer, setCustomer] = useState(search.customer ?? '');
  useEffect(() => setCustomer(search.customer ?? ''), [search.customer]);
  const applyCustomer = useDebouncedCallback(
    (v: string) => onSearchChange({ customer: v.trim() || undefined, cursor: undefined }),
    300,
  );

  return (
    <>
      <PageHeader
        title={t('common:pages.customerRestrictions')}
        description={t('restrictions.subtitle')}
        actions={
          <Button
            color="red"
            leftSection={<IconLock size={16} />}
            onClick={() => setAdding(true)}
            data-testid="add-restriction"
          >
            {t('restrictions.add')}
          </Button>
        }
      />
      <DataList<Restriction>
        testId="restrictions-list"
        records={list.data?.items}
        columns={columns.map((c) => ({ ...c, sortable: ['kind', 'starts_at'].includes(String(c.accessor)) }))}
        idAccessor="id"
        fetching={list.isFetching}
        total={list.data?.total}
        nextCursor={list.data?.nextCursor}
        prevCursor={list.data?.prevCursor}
        state={search}
        onStateChange={onSearchChange}
        filtersActive={Boolean(search.kind || search.state || search.customer)}
        onClearFilters={() =>
          onSearchChange({ kind: undefined, state: undefined, customer: undefined, cursor: undefined })
        }
        emptyText={t('restrictions.empty')}
        filters={
          <>
            <Select
              label={t('restrictions.columns.kind')}
              placeholder={t('customers.filters.any')}
              data={RESTRICTION_KINDS.map((k) => ({ value: k, label: t(`restrictions.kinds.${k}`) }))}
              value={search.kind ?? null}
              onChange={(v) => onSearchChange({ kind: v ?? undefined, cursor: undefined })}
              clearable
              w={170}
              data-testid="filter-kind"
            />
            <Select
              label={t('restrictions.columns.state')}
              placeholder={t('customers.filters.any')}
              data={RESTRICTION_STATES.map((s) => ({ value: s, label: t(`restrictions.states.${s}`) }))}
              value={search.state ?? null}
              onChange={(v) => onSearchChange({ state: v ?? undefined, cursor: undefined })}
              clearable
              w={170}
              data-testid="filter-state"
            />
            <TextInput
              label={t('restrictions.columns.customer')}
              placeholder={t('customers.filters.searchPlaceholder')}
              value={customer}
              onChange={(e) => {
                setCustomer(e.currentTarget.value);
                applyCustomer(e.currentTarget.value);
              }}
              w={240}
              data-testid="filter-customer"
            />
          </>
        }
      />
      {adding && <AddRestrictionModal opened onClose={() => setAdding(false)} />}
      <LiftRestrictionModal restriction={lifting} onClose={() => setLifting(null)} />
    </>
  );
}
