import type { fraudApi } from '@backdesk/contract';
import { Button, Group } from '@mantine/core';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordHistory } from '../../../../components/audit-trail/index.ts';
import { useConfirm } from '../../../../components/confirm-dialog.tsx';
import { ListPage } from '../../../../components/list-page/index.ts';
import { useCan } from '../../../../lib/can.ts';
import { errorText } from '../../../../lib/errors.ts';
import { notify } from '../../../../lib/notify.ts';
import { FraudSection } from '../shared/fraud-section.tsx';
import { useBlocklistActions } from './blocklist-api.ts';
import { AddEntryModal, ImportModal } from './blocklist-forms.tsx';
import { blocklistList } from './blocklist-list.tsx';
import { blocklistEndpoints } from './endpoints.ts';

type Entry = fraudApi.BlocklistEntry;

/** The blocklist: filter, add, import, export, remove (asked first), and each entry's history. */
export function BlocklistPage() {
  const { t } = useTranslation(['fraudRules', 'fraud']);
  const can = useCan();
  const { remove } = useBlocklistActions();
  const confirm = useConfirm();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const history = useRecordHistory((e: Entry) => ({
    entity: 'fraud_blocklist_entry',
    entityId: e.id,
    title: t('blocklist.historyOf', { value: e.value }),
  }));
  const askRemove = (e: Entry) =>
    confirm.ask({
      title: t('blocklist.removeTitle', { kind: t(`fraud:blocklistKind.${e.kind}`), value: e.value }),
      message: t('blocklist.removeMessage'),
      confirmLabel: t('blocklist.remove'),
      onConfirm: () =>
        remove
          .mutateAsync({ id: e.id, version: e.version })
          .then(() => notify({ title: t('blocklist.removed', { value: e.value }), color: 'green' }))
          .catch((error: unknown) => {
            notify({ title: errorText(error), color: 'red' });
            throw error;
          }),
    });
  const operate = can(blocklistEndpoints.add);
  return (
    <FraudSection
      actions={
        operate && (
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} />}
              onClick={() => setImporting(true)}
              data-testid="blocklist-import"
            >
              {t('blocklist.import')}
            </Button>
            <Button
              color="red"
              leftSection={<IconPlus size={16} />}
              onClick={() => setAdding(true)}
              data-testid="blocklist-add"
            >
              {t('blocklist.add')}
            </Button>
          </Group>
        )
      }
    >
      <ListPage
        list={blocklistList}
        emptyText={t('blocklist.empty')}
        rowActions={(e) => (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            {history.button(e, 'blocklist-history')}
            {operate && e.state === 'active' && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => askRemove(e)}
                data-testid="blocklist-remove"
              >
                {t('blocklist.remove')}
              </Button>
            )}
          </Group>
        )}
      />
      <AddEntryModal opened={adding} onClose={() => setAdding(false)} />
      <ImportModal opened={importing} onClose={() => setImporting(false)} />
      {confirm.dialog}
      {history.drawer}
    </FraudSection>
  );
}
