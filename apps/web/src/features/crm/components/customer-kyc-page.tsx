import { type CustomerKycQuery, type CustomerKycRow, KYC_FILTER_KEYS } from '@backdesk/contract';
import { Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { DataTableColumn } from 'mantine-datatable';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataList, type DataListState } from '../../../components/data-list/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useLanguage } from '../../../lib/language.ts';
import { useCustomerKyc } from '../api/crm-lists-api.ts';
import { useCustomerFacets } from '../api/get-customers.ts';
import { formatDateTime, fullName } from '../format.ts';
import { CustomerLink } from './customer-link.tsx';
import { KycBadge } from './status-badges.tsx';

type Search = DataListState & Partial<Record<(typeof KYC_FILTER_KEYS)[number], string>>;

export function CustomerKycPage({
  search,
  onSearchChange,
}: {
  search: Search;
  onSearchChange: (p: Partial<Search>) => void;
}) {
  const { t } = useTranslation(['crm', 'common']);
  const { locale } = useLanguage();
  const list = useCustomerKyc(search as CustomerKycQuery);
  const facets = useCustomerFacets();
  const [text, setText] = useState(search.search ?? '');
  useEffect(() => setText(search.search ?? ''), [search.search]);
  const apply = useDebouncedCallback(
    (v: string) => onSearchChange({ search: v.trim() || undefined, cursor: undefined }),
    300,
  );
  const set = (key: keyof Search) => (v: string | null) =>
    onSearchChange({ [key]: v ?? undefined, cursor: undefined });

  const columns: DataTableColumn<CustomerKycRow>[] = [
    {
      accessor: 'user_name',
      title: t('customers.columns.userName'),
      sortable: true,
      render: (r) => <CustomerLink id={r.id}>{r.user_name}</CustomerLink>,
    },
    { accessor: 'name', title: t('customers.columns.name'), render: (r) => fullName(r) },
    {
      accessor: 'kyc_status',
      title: t('customers.columns.kycStatus'),
      sortable: true,
      render: (r) => <KycBadge status={r.kyc_status} />,
    },
    {
      accessor: 'kyc_type_label',
      title: t('customers.columns.type'),
      render: (r) => t(r.kyc_type_label === 'Business' ? 'kycType.business' : 'kycType.individual'),
    },
    { accessor: 'kyc_level', title: t('fields.kycLevel'), sortable: true },
    {
      accessor: 'last_decision',
      title: t('detail.lastDecision'),
      render: (r) => (r.last_decision ? <KycBadge status={r.last_decision} /> : '—'),
    },
    {
      accessor: 'last_decision_at',
      title: t('kyc.decidedAt'),
      render: (r) => formatDateTime(locale, r.last_decision_at),
    },
  ];

  return (
    <>
      <PageHeader title={t('common:pages.customerKyc')} description={t('kyc.subtitle')} />
      <DataList<CustomerKycRow>
        testId="kyc-list"
        records={list.data?.items}
        columns={columns}
        idAccessor="id"
        fetching={list.isFetching}
        total={list.data?.total}
        nextCursor={list.data?.nextCursor}
        prevCursor={list.data?.prevCursor}
        state={search}
        onStateChange={onSearchChange}
        filtersActive={KYC_FILTER_KEYS.some((k) => search[k])}
        onClearFilters={() => {
          setText('');
          onSearchChange({
            search: undefined,
            kyc_status: undefined,
            kyc_type: undefined,
            kyc_level: undefined,
            cursor: undefined,
          });
        }}
        filters={
          <>
            <TextInput
              label={t('customers.filters.search')}
              value={text}
              onChange={(e) => {
                setText(e.currentTarget.value);
                apply(e.currentTarget.value);
              }}
              w={240}
            />
            <Select
              label={t('customers.filters.kycStatus')}
              placeholder={t('customers.filters.any')}
              data={facets.data?.kycStatuses ?? []}
              value={search.kyc_status ?? null}
              onChange={set('kyc_status')}
              clearable
              w={160}
            />
            <Select
              label={t('customers.columns.type')}
              placeholder={t('customers.filters.any')}
              data={[
                { value: 'kyc', label: t('kycType.individual') },
                { value: 'kyb', label: t('kycType.business') },
              ]}
              value={search.kyc_type ?? null}
              onChange={set('kyc_type')}
              clearable
              w={160}
            />
            <Select
              label={t('fields.kycLevel')}
              placeholder={t('customers.filters.any')}
              data={['0', '1', '2', '3']}
              value={search.kyc_level ?? null}
              onChange={set('kyc_level')}
              clearable
              w={120}
            />
          </>
        }
      />
    </>
  );
}
