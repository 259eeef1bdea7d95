import { Loader } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import clsx from 'clsx';
import { useFetching } from '../fetching-loader.tsx';
import classes from './list-page.module.css';

/**
 * The veil over a list's rows while its page is fetched again (another filter or page, a background
 * refresh, the window coming back into focus). It watches the fetch on its own, so the table, some
 * 2,000 components for 50 rows, is not drawn again when a refresh starts and ends with the same rows.
 * The first load has the table's own veil.
 */
export function ListFetching({ queryKey, rowsShown }: { queryKey: QueryKey; rowsShown: boolean }) {
  const fetching = useFetching(queryKey) && rowsShown;
  return (
    <div
      className={clsx(
        'mantine-datatable-loader',
        classes.veil,
        fetching && 'mantine-datatable-loader-fetching',
      )}
      data-fetching={fetching}
    >
      {fetching && <Loader />}
    </div>
  );
}
