import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';

/** A link to a customer's page, styled as text link; it does not trigger the row's own click. */
export function CustomerLink({ id, children, title }: { id: number; children: ReactNode; title?: string }) {
  return (
    <Anchor
      fw={500}
      title={title}
      renderRoot={(props) => <Link {...props} to="/crm/customers/$customerId" params={{ customerId: id }} />}
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
    >
      {children}
    </Anchor>
  );
}

/**
 * A list's customer column: the user name, linking to the customer's page. Given a width, a longer
 * name ends in an ellipsis and the whole of it is the link's title.
 */
export const customerColumn = <T extends { user_name: string }>(
  title: string,
  idOf: (row: T) => number,
  sortable?: boolean,
  width?: number,
): DataTableColumn<T> => ({
  accessor: 'user_name',
  title,
  sortable,
  ...(width ? { width, ellipsis: true } : {}),
  render: (row) => (
    <CustomerLink id={idOf(row)} title={width ? row.user_name : undefined}>
      {row.user_name}
    </CustomerLink>
  ),
});
