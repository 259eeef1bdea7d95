import type { TransactionLimit } from '@backdesk/contract';
import { ActionIcon, Button, Group, Stack, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordHistory } from '../../../components/audit-trail/index.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { ListPage } from '../../../components/list-page/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCan } from '../../../lib/can.ts';
import { errorText } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';
import { LimitForm } from './limit-form.tsx';
import { LimitTester } from './limit-tester.tsx';
import { limitEndpoints, useDeleteLimit, useLimits } from './limits-api.ts';
import { limitsList } from './limits-columns.tsx';

export function LimitsPage() {
  const { t } = useTranslation(['transactions', 'common']);
  const can = useCan();
  const canCreate = can(limitEndpoints.create);
  const canEdit = can(limitEndpoints.update);
  const canDelete = can(limitEndpoints.delete);
  const limits = useLimits();
  const remove = useDeleteLimit();
  // The form open on a new limit, on one being edited, or closed.
  const [editing, setEditing] = useState<TransactionLimit | 'new' | null>(null);
  // One key per limit: a double click on delete sends the same key, so it deletes once.
  const deleteKeys = useRef(new Map<number, string>());
  const confirm = useConfirm();
  const history = useRecordHistory((limit: TransactionLimit) => ({
    entity: 'transaction_limit',
    entityId: limit.lid,
    title: t('history.limit', { id: limit.lid }),
  }));

  const onDelete = (limit: TransactionLimit) => {
    const key = deleteKeys.current.get(limit.lid) ?? crypto.randomUUID();
    deleteKeys.current.set(limit.lid, key);
    confirm.ask({
      title: t('limits.deleteTitle', {
        lid: limit.lid,
        type: t(`limitTypes.${limit.limit_type}` as 'limitTypes.deposit', { defaultValue: limit.limit_type }),
        contract: limit.contract_name ?? t('limits.anyContract'),
      }),
      message: t('limits.deleteHint'),
      confirmLabel: t('limits.delete'),
      onConfirm: () =>
        remove.mutateAsync(
          { lid: limit.lid, key },
          {
            onSuccess: () => notify({ title: t('limits.deleted'), color: 'green' }),
            onError: (error) =>
              notify({ title: t('limits.deleteFailed'), description: errorText(error), color: 'red' }),
          },
        ),
    });
  };

  return (
    <>
      <PageHeader
        title={t('common:pages.limits')}
        description={t('limits.subtitle')}
        actions={
          canCreate && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing('new')}
              data-testid="new-limit"
            >
              {t('limits.new')}
            </Button>
          )
        }
      />
      <Stack gap="lg">
        <ListPage
          list={limitsList}
          // A limit opens in its edit form (for who may edit); the row's icons keep its history and delete.
          onRowOpen={canEdit ? (limit) => setEditing(limit) : undefined}
          emptyText={t('limits.empty')}
          rowActions={(limit) => (
            <Group gap={4} wrap="nowrap" justify="flex-end">
              {history.button(limit, `history-limit-${limit.lid}`)}
              {canDelete && (
                <Tooltip label={t('limits.delete')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('limits.deleteLid', { lid: limit.lid })}
                    onClick={() => onDelete(limit)}
                    loading={remove.isPending && remove.variables?.lid === limit.lid}
                    data-testid={`delete-limit-${limit.lid}`}
                  >
                    <IconTrash size={16} stroke={1.7} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          )}
        />
        <LimitTester limits={limits.data ?? []} />
      </Stack>
      {editing && (
        <LimitForm
          key={editing === 'new' ? 'new' : `${editing.lid}:${editing.version}`}
          limit={editing === 'new' ? undefined : editing}
          contracts={(limits.data ?? []).map((l) => l.contract_name)}
          onClose={() => setEditing(null)}
        />
      )}
      {confirm.dialog}
      {history.drawer}
    </>
  );
}
