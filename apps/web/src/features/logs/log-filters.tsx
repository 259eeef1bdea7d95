import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateFilter, type ListFiltersProps, TextFilter } from '../../components/list-page/index.ts';

/** What both logs filter by: the member first, then the log's own filters, then the days. */
export function LogFilters({ filter, children }: Pick<ListFiltersProps, 'filter'> & { children: ReactNode }) {
  const { t } = useTranslation('logs');
  return (
    <>
      <TextFilter {...filter('member')} label={t('filters.member')} width={190} testId="filter-member" />
      {children}
      <DateFilter {...filter('from')} label={t('filters.from')} testId="filter-from" />
      <DateFilter {...filter('to')} label={t('filters.to')} testId="filter-to" />
    </>
  );
}
