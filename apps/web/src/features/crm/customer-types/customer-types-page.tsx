import type { CustomerType } from '@backdesk/contract';
import { Button, Card, Group, NumberInput, Select, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingBulkApprovals } from '../../../components/bulk/index.ts';
import { ListPage } from '../../../components/list-page/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCan } from '../../../lib/can.ts';
import { errorText } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';
import { crmEndpoints } from '../shared/endpoints.ts';
import { CustomerTypeForm } from './customer-type-form.tsx';
import { useCustomerTypes, useMoveCustomers } from './customer-types-api.ts';
import { customerTypesList } from './customer-types-columns.tsx';

function MoveCustomerCard({ tiers }: { tiers: CustomerType[] }) {
  const { t } = useTranslation('crm');
  const move = useMoveCustomers();
  const [customerId, setCustomerId] = useState<number | string>('');
  const [to, setTo] = useState<string | null>(null);
  return (
    <Card withBorder radius="md" mt="lg">
      <Title order={2} size="h4" mb="sm">
        {t('types.moveTitle')}
      </Title>
      <Group align="flex-end">
        <NumberInput
          label={t('restrictions.form.customerId')}
          value={customerId}
          onChange={setCustomerId}
          min={1}
          w={180}
        />
        <Select
          label={t('types.to')}
          data={tiers.map((x) => ({ value: x.code, label: x.name }))}
          value={to}
          onChange={setTo}
          w={200}
        />
        <Button
          disabled={!customerId || !to}
          loading={move.isPending}
          onClick={() =>
            move.mutate(
              { to: to!, customerId: Number(customerId) },
              {
                onSuccess: (r) => notify({ title: t('types.moved', { count: r.moved }), color: 'green' }),
                onError: (e) => notify({ title: errorText(e), color: 'red' }),
              },
            )
          }
        >
          {t('types.move')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        {t('types.moveHint')}
      </Text>
    </Card>
  );
}

export function CustomerTypesPage() {
  const { t } = useTranslation(['crm', 'common']);
  const can = useCan();
  const canEdit = can(crmEndpoints.updateCustomerType);
  const tiers = useCustomerTypes();
  const [editing, setEditing] = useState<CustomerType | null>(null);
  return (
    <>
      <PageHeader title={t('common:pages.customerTypes')} description={t('types.subtitle')} />
      <PendingBulkApprovals
        kind="customer_types_move"
        actionLabel={(_, params) => {
          const tier = tiers.data?.items.find((x) => x.code === params.to);
          return tier ? t('types.moveApprovalAction', { tier: tier.name }) : t('types.moveApprovalActionAny');
        }}
        invalidate={[['crm']]}
      />
      <ListPage
        list={customerTypesList}
        rowActions={
          canEdit
            ? (tier) => (
                <Button size="compact-xs" variant="light" onClick={() => setEditing(tier)}>
                  {t('common.edit')}
                </Button>
              )
            : undefined
        }
      />
      {can(crmEndpoints.moveCustomers) ? (
        <MoveCustomerCard tiers={tiers.data?.items ?? []} />
      ) : (
        <Text size="sm" c="dimmed" mt="md">
          {t('types.readOnly')}
        </Text>
      )}
      {editing && <CustomerTypeForm tier={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
