import type { AuditEntity } from '@backdesk/contract/audit';
import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AuditTrail } from './audit-trail.tsx';

/** A record's trail beside its list, for the records whose detail is their row (limits, rules, P2P). */
export function AuditTrailDrawer({
  record,
  onClose,
}: {
  record: { entity: AuditEntity; entityId: string | number; title: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Drawer
      opened={record !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={record?.title}
      closeButtonProps={{ 'aria-label': t('closePanel') }}
    >
      {record && <AuditTrail entity={record.entity} entityId={record.entityId} />}
    </Drawer>
  );
}
