import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';

/** A link to a customer's page, styled as text link; it does not trigger the row's own click. */
export function CustomerLink({ id, children }: { id: number; children: ReactNode }) {
  return (
    <Anchor
      fw={500}
      renderRoot={(props) => <Link {...props} to="/crm/customers/$customerId" params={{ customerId: id }} />}
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
    >
      {children}
    </Anchor>
  );
}

/** A list's customer column: the user name, linking to the customer's page. */
export const customerColumn = <T extends { user_name: string }>(
  title: string,
  idOf: (row: T) => number,
  sortable?: boolean,
): DataTableColumn<T> => ({
  accessor: 'user_name',
  title,
  sortable,
  render: (row) => <CustomerLink id={idOf(row)}>{row.user_name}</CustomerLink>,
});
