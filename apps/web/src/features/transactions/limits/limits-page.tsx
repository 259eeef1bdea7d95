import type { TransactionLimit } from '@backdesk/contract';
import { ActionIcon, Alert, Button, Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { useLanguage } from '../../../lib/language.ts';
import { notify } from '../../../lib/notify.ts';
import { useDeleteLimit, useLimits } from '../api/limits.ts';
import { formatDecimal } from '../shared/decimal-format.ts';
import { errorText } from '../shared/error-text.ts';
import { useCanAct } from '../shared/use-can-act.ts';
import { LimitForm } from './limit-form.tsx';
import { LimitTester } from './limit-tester.tsx';

export function LimitsPage() {
  const { t } = useTranslation(['transactions', 'common']);
  const { locale } = useLanguage();
  const canEdit = useCanAct();
  const limits = useLimits();
  const remove = useDeleteLimit();
  const [formOpen, form] = useDisclosure(false);
  // One key per limit: a double click on delete sends the same key, so it deletes once.
  const deleteKeys = useRef(new Map<number, string>());
  // Spec §5/§8: a failed or malformed answer empties the list.
  const rows: TransactionLimit[] = limits.isError ? [] : (limits.data ?? []);
  const amount = (value: string | null) =>
    value === null ? t('limits.unbounded') : formatDecimal(locale, value);

  const onDelete = (lid: number) => {
    const key = deleteKeys.current.get(lid) ?? crypto.randomUUID();
    deleteKeys.current.set(lid, key);
    remove.mutate(
      { lid, key },
      {
        onSuccess: (res) => notify({ title: t('limits.deleted'), description: res.message, color: 'green' }),
        onError: (error) =>
          notify({ title: t('limits.deleteFailed'), description: errorText(t, error), color: 'red' }),
      },
    );
  };

  return (
    <>
      <PageHeader
        title={t('common:pages.limits')}
        description={t('limits.subtitle')}
        actions={
          canEdit && (
            <Button leftSection={<IconPlus size={16} />} onClick={form.open} data-testid="new-limit">
              {t('limits.new')}
            </Button>
          )
        }
      />
      <Stack gap="lg">
        {limits.isError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t('errors.loadFailed')}
          >
            {errorText(t, limits.error)}
          </Alert>
        )}
        <Card withBorder radius="md" padding={0}>
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover verticalSpacing="xs" data-testid="limits-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fields.lid')}</Table.Th>
                  <Table.Th>{t('fields.limit_type')}</Table.Th>
                  <Table.Th>{t('fields.contract_name')}</Table.Th>
                  <Table.Th>{t('fields.wallet_address')}</Table.Th>
                  <Table.Th>{t('fields.wallet_name')}</Table.Th>
                  <Table.Th ta="right">{t('fields.min_amount')}</Table.Th>
                  <Table.Th ta="right">{t('fields.max_amount')}</Table.Th>
                  <Table.Th ta="right">{t('fields.daily_cap')}</Table.Th>
                  <Table.Th ta="right">{t('fields.monthly_cap')}</Table.Th>
                  {canEdit && <Table.Th />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((limit) => (
                  <Table.Tr key={limit.lid} data-lid={limit.lid}>
                    <Table.Td>{limit.lid}</Table.Td>
                    <Table.Td>
                      {t(`limitTypes.${limit.limit_type}` as 'limitTypes.deposit', {
                        defaultValue: limit.limit_type,
                      })}
                    </Table.Td>
                    <Table.Td>{limit.contract_name ?? '—'}</Table.Td>
                    <Table.Td maw={220}>
                      <Text size="sm" truncate="end" title={limit.wallet_address ?? undefined} ff="monospace">
                        {limit.wallet_address ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{limit.wallet_name ?? '—'}</Table.Td>
                    <Table.Td ta="right">{amount(limit.min_amount)}</Table.Td>
                    <Table.Td ta="right">{amount(limit.max_amount)}</Table.Td>
                    <Table.Td ta="right">{amount(limit.daily_cap)}</Table.Td>
                    <Table.Td ta="right">{amount(limit.monthly_cap)}</Table.Td>
                    {canEdit && (
                      <Table.Td>
                        <Tooltip label={t('limits.delete')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('limits.deleteLid', { lid: limit.lid })}
                            onClick={() => onDelete(limit.lid)}
                            loading={remove.isPending && remove.variables?.lid === limit.lid}
                            data-testid={`delete-limit-${limit.lid}`}
                          >
                            <IconTrash size={16} stroke={1.7} />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {rows.length === 0 && !limits.isPending && (
            <Group justify="center" p="xl">
              <Text c="dimmed">{t('limits.empty')}</Text>
            </Group>
          )}
        </Card>
        <LimitTester limits={rows} />
      </Stack>
      {canEdit && <LimitForm opened={formOpen} onClose={form.close} />}
    </>
  );
}
