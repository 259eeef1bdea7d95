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
 * A column naming a customer by the row's `accessor` text, linking to the customer's page; plain
 * text when the row knows no customer of that name (`idOf` null). Given a width, a longer name ends
 * in an ellipsis and the whole of it is the link's title.
 */
export function customerNameColumn<T, K extends keyof T & string>(
  accessor: K,
  title: string,
  idOf: (row: T) => number | null,
  { sortable, width }: { sortable?: boolean; width?: number } = {},
): DataTableColumn<T> {
  return {
    accessor,
    title,
    sortable,
    ...(width ? { width, ellipsis: true } : {}),
    render: (row) => {
      const name = String(row[accessor]);
      const id = idOf(row);
      return id === null ? (
        <span title={width ? name : undefined}>{name}</span>
      ) : (
        <CustomerLink id={id} title={width ? name : undefined}>
          {name}
        </CustomerLink>
      );
    },
  };
}

/** A list's customer column: the user name, linking to the customer's page. */
export const customerColumn = <T extends { user_name: string }>(
  title: string,
  idOf: (row: T) => number,
  sortable?: boolean,
  width?: number,
): DataTableColumn<T> => customerNameColumn<T, 'user_name'>('user_name', title, idOf, { sortable, width });
