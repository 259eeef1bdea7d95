import type { AuditEntity } from '@backdesk/contract/audit';
import { type ReactNode, useState } from 'react';
import { AuditTrailDrawer } from './audit-trail-drawer.tsx';
import { HistoryButton } from './history-button.tsx';

interface AuditedRecord {
  entity: AuditEntity;
  entityId: string | number;
  /** Names the record: the drawer's title and the button's label. */
  title: string;
}

/**
 * A list's history wiring: a row's history button opens that record's trail in a drawer beside the
 * list. Render `drawer` once on the page and `button(row)` among the row actions.
 */
export function useRecordHistory<Row>(describe: (row: Row) => AuditedRecord): {
  button: (row: Row, testId?: string) => ReactNode;
  drawer: ReactNode;
} {
  const [open, setOpen] = useState<AuditedRecord | null>(null);
  return {
    button: (row, testId) => {
      const record = describe(row);
      return <HistoryButton label={record.title} onClick={() => setOpen(record)} testId={testId} />;
    },
    drawer: <AuditTrailDrawer record={open} onClose={() => setOpen(null)} />,
  };
}
