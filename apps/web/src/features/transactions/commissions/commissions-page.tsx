import type { CommissionRule } from '@backdesk/contract';
import { ActionIcon, Button, Group, Stack } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordHistory } from '../../../components/audit-trail/index.ts';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { ListPage } from '../../../components/list-page/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCan } from '../../../lib/can.ts';
import { errorText } from '../../../lib/errors.ts';
import { useActionKeys } from '../../../lib/idempotency.ts';
import { notify } from '../../../lib/notify.ts';
import { CommissionForm } from './commission-form.tsx';
import { commissionEndpoints, commissionsSource, useDeleteCommission } from './commissions-api.ts';
import { commissionsList } from './commissions-columns.tsx';
import { FeePreview } from './fee-preview.tsx';

export function CommissionsPage() {
  const { t } = useTranslation(['transactions', 'common']);
  const can = useCan();
  const canEdit = can(commissionEndpoints.update);
  // The list's own cache entry: the preview computes with the rules and discounts the list shows.
  const schedule = useQuery(commissionsSource.pageOptions({}));
  const remove = useDeleteCommission();
  const keys = useActionKeys();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<CommissionRule | 'new' | null>(null);
  const history = useRecordHistory((rule: CommissionRule) => ({
    entity: 'commission_rule',
    entityId: rule.id,
    title: t('history.commission', { id: rule.id }),
  }));
  const rules = schedule.data?.rows ?? [];
  const customerTypes = schedule.data?.customerTypes ?? [];

  const onDelete = (rule: CommissionRule) => {
    const actionKey = `delete:${rule.id}:${rule.version}`;
    confirm.ask({
      title: t('commissions.deleteTitle', {
        id: rule.id,
        operation: t(`operations.${rule.operation}`),
        asset: rule.asset ?? t('commissions.anyAsset'),
      }),
      message: t('commissions.deleteHint'),
      confirmLabel: t('commissions.delete'),
      onConfirm: () =>
        remove.mutateAsync(
          { id: rule.id, version: rule.version, key: keys.keyFor(actionKey) },
          {
            onSuccess: () => notify({ title: t('commissions.deleted'), color: 'green' }),
            onError: (error) =>
              notify({ title: t('errors.actionFailed'), description: errorText(error), color: 'red' }),
          },
        ),
    });
  };

  return (
    <>
      <PageHeader
        title={t('common:pages.commissions')}
        description={t('commissions.subtitle')}
        actions={
          can(commissionEndpoints.create) && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t('commissions.new')}
            </Button>
          )
        }
      />
      <Stack gap="lg">
        <FeePreview rules={rules} customerTypes={customerTypes} />
        <ListPage
          list={commissionsList}
          emptyText={t('commissions.empty')}
          rowActions={(rule) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              {history.button(rule)}
              {canEdit && (
                <>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('commissions.edit')}
                    onClick={() => setEditing(rule)}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('commissions.delete')}
                    onClick={() => onDelete(rule)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </>
              )}
            </Group>
          )}
        />
      </Stack>
      {editing && (
        <CommissionForm
          rule={editing === 'new' ? undefined : editing}
          customerTypes={customerTypes}
          onClose={() => setEditing(null)}
        />
      )}
      {confirm.dialog}
      {history.drawer}
    </>
  );
}
