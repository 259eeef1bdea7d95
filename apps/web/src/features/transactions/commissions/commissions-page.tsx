import type { CommissionRule } from '@backdesk/contract';
import { ActionIcon, Alert, Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { useLanguage } from '../../../lib/language.ts';
import { notify } from '../../../lib/notify.ts';
import { useCommissions, useDeleteCommission } from '../api/commissions.ts';
import { formatDecimal } from '../shared/decimal-format.ts';
import { errorText } from '../shared/error-text.ts';
import { useActionKeys } from '../shared/idempotency.ts';
import { useCanAct } from '../shared/use-can-act.ts';
import { CommissionForm } from './commission-form.tsx';
import { FeePreview } from './fee-preview.tsx';

export function CommissionsPage() {
  const { t } = useTranslation(['transactions', 'common']);
  const { locale } = useLanguage();
  const canEdit = useCanAct();
  const schedule = useCommissions();
  const remove = useDeleteCommission();
  const keys = useActionKeys();
  const [editing, setEditing] = useState<CommissionRule | 'new' | null>(null);
  const rules = schedule.data?.items ?? [];
  const customerTypes = schedule.data?.customer_types ?? [];
  const typeCodes = customerTypes.map((type) => type.code);
  const money = (v: string | null) => (v === null ? '—' : formatDecimal(locale, v));

  const onDelete = (rule: CommissionRule) => {
    const actionKey = `delete:${rule.id}:${rule.version}`;
    remove.mutate(
      { id: rule.id, version: rule.version, key: keys.keyFor(actionKey) },
      {
        onSuccess: (res) => notify({ title: res.message, color: 'green' }),
        onError: (error) =>
          notify({ title: t('errors.actionFailed'), description: errorText(t, error), color: 'red' }),
      },
    );
  };

  return (
    <>
      <PageHeader
        title={t('common:pages.commissions')}
        description={t('commissions.subtitle')}
        actions={
          canEdit && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t('commissions.new')}
            </Button>
          )
        }
      />
      <Stack gap="lg">
        {schedule.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t('errors.loadFailed')}
          >
            {errorText(t, schedule.error)}
          </Alert>
        )}
        <FeePreview rules={rules} customerTypes={customerTypes} />
        <Card withBorder radius="md" padding={0}>
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover verticalSpacing="xs" data-testid="commissions-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>{t('fields.operation')}</Table.Th>
                  <Table.Th>{t('fields.asset')}</Table.Th>
                  <Table.Th>{t('fields.customer_type')}</Table.Th>
                  <Table.Th ta="right">{t('fields.value')}</Table.Th>
                  <Table.Th ta="right">{t('fields.min_fee')}</Table.Th>
                  <Table.Th ta="right">{t('fields.max_fee')}</Table.Th>
                  {canEdit && <Table.Th />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rules.map((rule) => (
                  <Table.Tr key={rule.id}>
                    <Table.Td>{rule.id}</Table.Td>
                    <Table.Td>{t(`operations.${rule.operation}`)}</Table.Td>
                    <Table.Td>
                      {rule.asset ?? (
                        <Badge variant="outline" color="gray">
                          {t('commissions.any')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {rule.customer_type ?? (
                        <Badge variant="outline" color="gray">
                          {t('commissions.any')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      {rule.kind === 'percent'
                        ? `%${formatDecimal(locale, rule.value)}`
                        : `${formatDecimal(locale, rule.value)} ${rule.asset ?? ''}`}
                    </Table.Td>
                    <Table.Td ta="right">{money(rule.min_fee)}</Table.Td>
                    <Table.Td ta="right">{money(rule.max_fee)}</Table.Td>
                    {canEdit && (
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
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
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {rules.length === 0 && !schedule.isPending && (
            <Text c="dimmed" ta="center" p="xl">
              {t('commissions.empty')}
            </Text>
          )}
        </Card>
      </Stack>
      {editing && (
        <CommissionForm
          rule={editing === 'new' ? undefined : editing}
          customerTypes={typeCodes}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
