import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** A link to a customer's page, styled as text link; it does not trigger the row's own click. */
export function CustomerLink({ id, children }: { id: number; children: ReactNode }) {
  return (
    <Anchor
      fw={500}
      renderRoot={(props) => (
        <Link {...props} to="/crm/customers/$customerId" params={{ customerId: String(id) }} />
      )}
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
    >
      {children}
    </Anchor>
  );
}
