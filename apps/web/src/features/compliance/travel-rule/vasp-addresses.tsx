import type { Vasp } from '@backdesk/contract';
import {
  ActionIcon,
  Checkbox,
  Drawer,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { FormShell, useContractForm } from '../../../components/forms/index.ts';
import { useCan } from '../../../lib/can.ts';
import { errorText } from '../../../lib/errors.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { notify } from '../../../lib/notify.ts';
import { travelRuleEndpoints } from './endpoints.ts';
import { useAddVaspAddress, useRemoveVaspAddress, vaspOptions } from './travel-rule-api.ts';

/**
 * The addresses and ranges the directory attributes to one VASP, or — with `vasp` null — a
 * customer's self-hosted wallets with their proof of ownership. Whoever adds a proof is recorded as
 * the one who checked it, with the time.
 */
export function VaspAddressesDrawer({ vasp, onClose }: { vasp: Vasp; onClose: () => void }) {
  const { t } = useTranslation(['travelRule', 'common']);
  const { locale } = useLanguage();
  const can = useCan();
  const detail = useQuery(vaspOptions(vasp.id));
  const remove = useRemoveVaspAddress();
  const confirm = useConfirm();
  const addresses = detail.data?.addresses ?? [];
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="xl"
      title={t('addresses.title', { name: vasp.name })}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      data-testid="vasp-addresses"
    >
      <Stack gap="md">
        {addresses.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('addresses.empty')}
          </Text>
        ) : (
          <Table striped withTableBorder data-testid="vasp-address-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('addresses.network')}</Table.Th>
                <Table.Th>{t('addresses.address')}</Table.Th>
                <Table.Th>{t('addresses.kind')}</Table.Th>
                <Table.Th>{t('addresses.proof')}</Table.Th>
                <Table.Th aria-label={t('addresses.actions')} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {addresses.map((a) => (
                <Table.Tr key={a.id} data-address={a.address}>
                  <Table.Td>{a.network}</Table.Td>
                  <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {a.address}
                  </Table.Td>
                  <Table.Td>{t(a.is_prefix ? 'addresses.range' : 'addresses.single')}</Table.Td>
                  <Table.Td>
                    {a.proof_method
                      ? t('addresses.proofBy', {
                          method: t(`addresses.proofs.${a.proof_method}`),
                          name: a.proof_checked_by ?? '—',
                          at: a.proof_checked_at ? formatDateTime(locale, a.proof_checked_at) : '—',
                        })
                      : '—'}
                  </Table.Td>
                  <Table.Td>
                    {can(travelRuleEndpoints.removeAddress) && (
                      <Tooltip label={t('addresses.remove')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('addresses.removeOne', { address: a.address })}
                          onClick={() =>
                            confirm.ask({
                              title: t('addresses.removeTitle', { address: a.address, network: a.network }),
                              confirmLabel: t('addresses.remove'),
                              onConfirm: () =>
                                remove.mutateAsync(a.id, {
                                  onError: (error) => notify({ title: errorText(error), color: 'red' }),
                                }),
                            })
                          }
                        >
                          <IconTrash size={16} stroke={1.7} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {can(travelRuleEndpoints.addAddress) && <AddAddressForm vaspId={vasp.id} />}
      </Stack>
      {confirm.dialog}
    </Drawer>
  );
}

/** One attribution: an address or a range (prefix) of this VASP. */
function AddAddressForm({ vaspId }: { vaspId: number }) {
  const { t } = useTranslation('travelRule');
  const add = useAddVaspAddress();
  const { form, failure, submit } = useContractForm({
    initialValues: { network: '', address: '', is_prefix: false },
    schema: (c) => c.complianceApi.AddVaspAddressBodySchema,
    toInput: (v) => ({ ...v, vasp_id: vaspId, self_hosted: false, proof_method: null }),
  });
  const onSubmit = submit(async (body) => {
    await add.mutateAsync(body);
    notify({ title: t('addresses.added'), color: 'green' });
    form.reset();
  });
  return (
    <FormShell
      onSubmit={onSubmit}
      failure={failure}
      testId="vasp-address-form"
      actions={{
        submitLabel: t('addresses.add'),
        submitting: form.submitting,
        submitTestId: 'vasp-address-submit',
      }}
    >
      <Title order={3} size="h5">
        {t('addresses.add')}
      </Title>
      <Group align="flex-start" grow>
        <TextInput
          label={t('addresses.network')}
          name="network"
          placeholder="ERC20"
          {...form.getInputProps('network')}
        />
        <TextInput label={t('addresses.address')} name="address" {...form.getInputProps('address')} />
      </Group>
      <Checkbox
        label={t('addresses.isPrefix')}
        name="is_prefix"
        {...form.getInputProps('is_prefix', { type: 'checkbox' })}
      />
    </FormShell>
  );
}

/** A customer's own wallet; its proof is recorded, with the evidence, from the self-hosted list. */
export function SelfHostedForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('travelRule');
  const add = useAddVaspAddress();
  const { form, failure, submit } = useContractForm({
    initialValues: {
      customer_id: '' as number | string,
      network: '',
      address: '',
    },
    schema: (c) => c.complianceApi.AddVaspAddressBodySchema,
    toInput: (v) => ({
      ...v,
      customer_id: v.customer_id === '' ? null : Number(v.customer_id),
      vasp_id: null,
      self_hosted: true,
      is_prefix: false,
      proof_method: null,
    }),
  });
  const onSubmit = submit(async (body) => {
    await add.mutateAsync(body);
    notify({ title: t('addresses.selfHostedAdded'), color: 'green' });
    onDone();
  });
  return (
    <FormShell
      onSubmit={onSubmit}
      failure={failure}
      testId="self-hosted-form"
      actions={{
        submitLabel: t('addresses.add'),
        submitting: form.submitting,
        submitTestId: 'self-hosted-submit',
      }}
    >
      <Text size="sm" c="dimmed">
        {t('addresses.selfHostedHint')}
      </Text>
      <NumberInput
        label={t('selfHosted.customerId')}
        name="customer_id"
        min={1}
        allowDecimal={false}
        {...form.getInputProps('customer_id')}
      />
      <Group align="flex-start" grow>
        <TextInput
          label={t('addresses.network')}
          name="network"
          placeholder="BTC"
          {...form.getInputProps('network')}
        />
        <TextInput label={t('addresses.address')} name="address" {...form.getInputProps('address')} />
      </Group>
    </FormShell>
  );
}
