import type { CustomerType } from '@backdesk/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { ApiRequestError } from '../../../lib/api.ts';
import { formatInteger } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.ts';
import { notify } from '../../../lib/notify.ts';
import { useCustomerTypes, useMoveCustomers, useUpdateCustomerType } from '../api/customer-types-api.ts';
import { useCrmPermissions } from '../permissions.ts';

function EditTierModal({ tier, onClose }: { tier: CustomerType; onClose: () => void }) {
  const { t } = useTranslation('crm');
  const update = useUpdateCustomerType();
  const [name, setName] = useState(tier.name);
  const [description, setDescription] = useState(tier.description);
  const [level, setLevel] = useState<number | string>(tier.required_kyc_level);
  const [discount, setDiscount] = useState(tier.commission_discount);
  const [failure, setFailure] = useState<string | null>(null);
  async function submit(e: React.FormEvent) {
    e.preventDefault();
    try {
      await update.mutateAsync({
        code: tier.code,
        name,
        description,
        required_kyc_level: Number(level),
        commission_discount: discount,
        version: tier.version,
      });
      notify({ title: t('types.saved'), color: 'green' });
      onClose();
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'CONFLICT') setFailure(t('edit.stale'));
      else if (error instanceof ApiRequestError && error.code === 'VALIDATION_FAILED')
        setFailure(t('types.invalid'));
      else setFailure(t('common.unexpected'));
    }
  }
  return (
    <Modal opened onClose={onClose} title={t('types.edit', { name: tier.name })} centered>
      <form onSubmit={(e) => void submit(e)}>
        <Stack>
          {failure && <Alert color="red">{failure}</Alert>}
          <TextInput label={t('types.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <Textarea
            label={t('types.description')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <NumberInput label={t('types.requiredKyc')} value={level} onChange={setLevel} min={0} max={3} />
          <TextInput
            label={t('types.discount')}
            value={discount}
            onChange={(e) => setDiscount(e.currentTarget.value)}
            rightSection="%"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function MoveCustomerCard({ tiers }: { tiers: CustomerType[] }) {
  const { t } = useTranslation('crm');
  const move = useMoveCustomers();
  const [customerId, setCustomerId] = useState<number | string>('');
  const [to, setTo] = useState<string | null>(null);
  return (
    <Card withBorder radius="md" mt="lg">
      <Title order={4} mb="sm">
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
                onError: (e) => notify({ title: e.message, color: 'red' }),
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
  const { locale } = useLanguage();
  const { canEditCustomerTypes } = useCrmPermissions();
  const tiers = useCustomerTypes();
  const [editing, setEditing] = useState<CustomerType | null>(null);
  const items = tiers.data?.items ?? [];
  return (
    <>
      <PageHeader title={t('common:pages.customerTypes')} description={t('types.subtitle')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {items.map((tier) => (
          <Card key={tier.code} withBorder radius="md" data-testid={`tier-${tier.code}`}>
            <Group justify="space-between" mb="xs">
              <Title order={3} fz="lg">
                {tier.name}
              </Title>
              {tier.code === 'bronze' && <Badge variant="light">{t('types.default')}</Badge>}
            </Group>
            <Text size="sm" c="dimmed" mb="sm" mih={60}>
              {tier.description}
            </Text>
            <Text size="sm">
              {t('types.requiredKyc')}: <b>{tier.required_kyc_level}</b>
            </Text>
            <Text size="sm">
              {t('types.discount')}: <b>%{tier.commission_discount}</b>
            </Text>
            <Text size="sm" mb="sm">
              {t('types.customers')}: <b data-testid="tier-count">{formatInteger(locale, tier.customers)}</b>
            </Text>
            {canEditCustomerTypes && (
              <Button size="xs" variant="light" onClick={() => setEditing(tier)}>
                {t('common.edit')}
              </Button>
            )}
          </Card>
        ))}
      </SimpleGrid>
      {canEditCustomerTypes ? (
        <MoveCustomerCard tiers={items} />
      ) : (
        <Text size="sm" c="dimmed" mt="md">
          {t('types.readOnly')}
        </Text>
      )}
      {editing && <EditTierModal tier={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
