import type { ListTotal } from '@backdesk/contract';
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { errorText } from './error-text.ts';

interface Page<Row> {
  items: Row[];
  total: ListTotal;
  nextCursor: string | null;
  prevCursor: string | null;
}

/** A list query as the props DataList takes: rows, paging, and a failure shown in the member's language. */
export function queryListProps<Row>(query: UseQueryResult<Page<Row>>, t: TFunction<'transactions'>) {
  return {
    records: query.isError ? [] : query.data?.items,
    fetching: query.isFetching,
    total: query.data?.total,
    nextCursor: query.data?.nextCursor,
    prevCursor: query.data?.prevCursor,
    error: query.isError && (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title={t('errors.loadFailed')}
      >
        {errorText(t, query.error)}
      </Alert>
    ),
  };
}
