import type { SelfHostedWallet } from '@backdesk/contract';
import {
  isEvmNetwork,
  SELF_HOSTED_PROOF_STATES,
  SELF_HOSTED_PROOFS,
} from '@backdesk/contract/compliance/keys';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconShieldCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordHistory } from '../../../components/audit-trail/index.ts';
import { customerNameColumn } from '../../../components/customer-link.tsx';
import { ModalForm, useContractForm } from '../../../components/forms/index.ts';
import {
  defineList,
  type ListFiltersProps,
  ListPage,
  SelectFilter,
  TextFilter,
  useColumnKit,
} from '../../../components/list-page/index.ts';
import { useCan } from '../../../lib/can.ts';
import { keyOptions } from '../../../lib/key-options.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { notify } from '../../../lib/notify.ts';
import { travelRuleEndpoints } from './endpoints.ts';
import { selfHostedSource, useRecordProof } from './travel-rule-api.ts';
import { TravelRuleSection } from './travel-rule-section.tsx';
import { SelfHostedForm } from './vasp-addresses.tsx';

/** Who vouches for a proof's evidence, and the test transfer's hash with its deposit. */
function ProofEvidence({ wallet: w }: { wallet: SelfHostedWallet }) {
  const { t } = useTranslation('travelRule');
  return (
    <>
      <Text
        size="xs"
        c="dimmed"
        data-testid="self-hosted-evidence"
        data-verified-by={w.proof_verified_by ?? 'none'}
      >
        {t(`selfHosted.evidence.${w.proof_verified_by ?? 'none'}`)}
      </Text>
      {w.proof_tx_hash && (
        <Text size="xs" ff="monospace" truncate="end" maw={150} title={w.proof_tx_hash}>
          {w.proof_tx_hash}
        </Text>
      )}
      {w.proof_transaction_id && (
        <Anchor
          size="xs"
          data-testid="self-hosted-evidence-deposit"
          renderRoot={(props) => (
            <Link
              {...props}
              to="/transactions/wallet-transactions"
              search={{ id: String(w.proof_transaction_id) } as never}
            />
          )}
        >
          {t('selfHosted.transaction', { id: w.proof_transaction_id })}
        </Anchor>
      )}
    </>
  );
}

function useSelfHostedColumns(): DataTableColumn<SelfHostedWallet>[] {
  const { t } = useTranslation('travelRule');
  const kit = useColumnKit();
  return [
    kit.code('address', t('selfHosted.columns.address'), { width: 180 }),
    { accessor: 'network', title: t('addresses.network'), noWrap: true },
    customerNameColumn<SelfHostedWallet, 'user_name'>(
      'user_name',
      t('columns.customer'),
      (w) => w.customer_id,
      {
        width: 160,
      },
    ),
    {
      accessor: 'proof_method',
      title: t('addresses.proof'),
      // The hash under the badge is cut at this width (whole in its title): the list fits 1280 px.
      width: 170,
      render: (w) => (
        <Stack gap={2} align="flex-start">
          <Badge
            variant="light"
            color={w.proof_method ? 'green' : 'orange'}
            data-testid="self-hosted-proof"
            data-proof={w.proof_method ? 'recorded' : 'missing'}
          >
            {w.proof_method ? t(`addresses.proofs.${w.proof_method}`) : t('selfHosted.proof.missing')}
          </Badge>
          {w.proof_method && <ProofEvidence wallet={w} />}
        </Stack>
      ),
    },
    {
      // Who checked the proof, and when under it: one column, so the list fits a laptop in Turkish.
      accessor: 'proof_checked_at',
      title: t('selfHosted.columns.checked'),
      sortable: true,
      width: 170,
      render: (w) =>
        w.proof_checked_at ? (
          <div>
            <Text size="sm" truncate="end" title={w.proof_checked_by ?? undefined}>
              {w.proof_checked_by ?? '—'}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(kit.locale, w.proof_checked_at)}
            </Text>
          </div>
        ) : (
          '—'
        ),
    },
    {
      accessor: 'open_records',
      title: t('selfHosted.columns.openRecords'),
      textAlign: 'right',
    },
    kit.date('created_at', t('selfHosted.columns.added'), { sortable: true }),
  ];
}

function SelfHostedFilters({ filter }: ListFiltersProps) {
  const { t } = useTranslation('travelRule');
  return (
    <>
      <TextFilter {...filter('q')} label={t('selfHosted.filters.search')} width={240} testId="filter-q" />
      <SelectFilter
        {...filter('proof')}
        label={t('selfHosted.filters.proof')}
        options={keyOptions(SELF_HOSTED_PROOF_STATES, (p) => t(`selfHosted.proof.${p}`))}
        width={180}
        testId="filter-proof"
      />
      <TextFilter {...filter('network')} label={t('addresses.network')} width={130} testId="filter-network" />
    </>
  );
}

export const selfHostedList = defineList({
  key: 'compliance.self-hosted',
  source: selfHostedSource,
  testId: 'self-hosted-list',
  rowKey: 'id',
  useColumns: useSelfHostedColumns,
  Filters: SelfHostedFilters,
  hiddenByDefault: ['created_at'],
  rowAttributes: (w) => ({ 'data-wallet-id': w.id }),
  namespaces: ['travelRule'],
});

/**
 * Recording how the customer proved the wallet theirs: the member recording it is the one who
 * checked it, now, at the version the list showed (a stale one is refused).
 */
function RecordProofForm({ wallet, onClose }: { wallet: SelfHostedWallet; onClose: () => void }) {
  const { t } = useTranslation('travelRule');
  const record = useRecordProof();
  const { form, failure, submit } = useContractForm({
    initialValues: {
      proof_method: (wallet.proof_method ?? 'signed_message') as string,
      message: '',
      signature: '',
      tx_hash: '',
    },
    schema: (c) => c.complianceApi.recordSelfHostedProof.body,
    // Only the chosen method's evidence is sent: the other's fields stay as typed, unsent.
    toInput: (v) => {
      const signed = v.proof_method === 'signed_message';
      return {
        id: wallet.id,
        version: wallet.version,
        proof_method: v.proof_method,
        message: signed ? v.message : null,
        signature: signed ? v.signature : null,
        tx_hash: signed ? null : v.tx_hash,
      };
    },
    codeFields: {
      PROOF_MESSAGE_WITHOUT_ADDRESS: 'message',
      PROOF_SIGNATURE_MALFORMED: 'signature',
      PROOF_SIGNER_MISMATCH: 'signature',
      PROOF_TEST_TRANSFER_NOT_FOUND: 'tx_hash',
    },
  });
  const onSubmit = submit(async (body) => {
    await record.mutateAsync(body);
    notify({ title: t('selfHosted.recorded'), color: 'green' });
    onClose();
  });
  const signed = form.getValues().proof_method === 'signed_message';
  return (
    <ModalForm
      opened
      onClose={onClose}
      title={t('selfHosted.recordTitle', { address: wallet.address })}
      size="lg"
      onSubmit={onSubmit}
      failure={failure}
      testId="self-hosted-proof-form"
      actions={{
        submitLabel: t('selfHosted.record'),
        submitting: form.submitting,
        submitTestId: 'self-hosted-proof-submit',
      }}
    >
      <Text size="sm" c="dimmed">
        {t('selfHosted.recordHint')}
      </Text>
      <Select
        label={t('addresses.proof')}
        data={keyOptions(SELF_HOSTED_PROOFS, (p) => t(`addresses.proofs.${p}`))}
        allowDeselect={false}
        name="proof_method"
        data-testid="self-hosted-proof-method"
        {...form.getInputProps('proof_method')}
      />
      {signed ? (
        <>
          <Textarea
            label={t('selfHosted.message')}
            description={t('selfHosted.messageHint')}
            autosize
            minRows={3}
            name="message"
            data-testid="self-hosted-proof-message"
            {...form.getInputProps('message')}
          />
          <TextInput
            label={t('selfHosted.signature')}
            description={
              isEvmNetwork(wallet.network)
                ? t('selfHosted.signatureEvm')
                : t('selfHosted.signatureOther', { network: wallet.network })
            }
            name="signature"
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            data-testid="self-hosted-proof-signature"
            {...form.getInputProps('signature')}
          />
        </>
      ) : (
        <TextInput
          label={t('selfHosted.txHash')}
          description={t('selfHosted.txHashHint')}
          name="tx_hash"
          data-testid="self-hosted-proof-tx-hash"
          {...form.getInputProps('tx_hash')}
        />
      )}
    </ModalForm>
  );
}

type Open = { proof: SelfHostedWallet } | 'new' | null;

/**
 * Customers' self-hosted wallets with their proof of ownership (EU 2023/1113): a missing proof
 * first, then the oldest checks. Officers record a proof; admins and supers add a wallet.
 */
export function SelfHostedPage() {
  const { t } = useTranslation(['travelRule', 'common']);
  const can = useCan();
  const [open, setOpen] = useState<Open>(null);
  const history = useRecordHistory((w: SelfHostedWallet) => ({
    entity: 'vasp_address',
    entityId: w.id,
    title: t('selfHosted.history', { address: w.address }),
  }));
  return (
    <TravelRuleSection
      actions={
        can(travelRuleEndpoints.addAddress) && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setOpen('new')}
            data-testid="self-hosted-new"
          >
            {t('selfHosted.add')}
          </Button>
        )
      }
    >
      <ListPage
        list={selfHostedList}
        emptyText={t('selfHosted.empty')}
        rowActions={(w) => {
          const action = t(w.proof_method ? 'selfHosted.recheck' : 'selfHosted.record');
          return (
            <Group gap={4} wrap="nowrap" justify="flex-end">
              {can(travelRuleEndpoints.recordProof) && (
                <Tooltip label={action}>
                  <ActionIcon
                    variant={w.proof_method ? 'subtle' : 'light'}
                    aria-label={t('selfHosted.actionFor', { action, address: w.address })}
                    onClick={() => setOpen({ proof: w })}
                    data-testid={`self-hosted-record-${w.id}`}
                  >
                    <IconShieldCheck size={16} stroke={1.7} />
                  </ActionIcon>
                </Tooltip>
              )}
              {history.button(w, `history-wallet-${w.id}`)}
            </Group>
          );
        }}
      />
      {open !== null && open !== 'new' && (
        <RecordProofForm wallet={open.proof} onClose={() => setOpen(null)} />
      )}
      {open === 'new' && (
        <Modal
          opened
          onClose={() => setOpen(null)}
          title={t('addresses.selfHosted')}
          centered
          size="lg"
          closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        >
          <SelfHostedForm onDone={() => setOpen(null)} />
        </Modal>
      )}
      {history.drawer}
    </TravelRuleSection>
  );
}
