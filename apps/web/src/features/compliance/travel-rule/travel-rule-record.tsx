import type { TravelRuleRecord } from '@backdesk/contract';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditTrail } from '../../../components/audit-trail/index.ts';
import { CustomerLink } from '../../../components/customer-link.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAmount } from '../../../lib/amounts.ts';
import { useCan } from '../../../lib/can.ts';
import { errorText } from '../../../lib/errors.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { notify } from '../../../lib/notify.ts';
import { travelRuleEndpoints } from './endpoints.ts';
import { ReleaseApproval } from './release-approval.tsx';
import { useTravelRuleActions, useTravelRuleRecord } from './travel-rule-api.ts';
import { AwaitingApprovalBadge, TravelRuleStateBadge } from './travel-rule-queue.tsx';

type Json = Record<string, unknown>;
const OPEN = ['required_unverified', 'information_missing', 'awaiting_counterparty'];
const FINAL = ['returned', 'rejected'];

function Facts({ rows, testId }: { rows: [string, ReactNode][]; testId: string }) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder data-testid={testId}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={220}>{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const nameOf = (names: Json[] | undefined) =>
  (names ?? [])
    .map((n) =>
      n.legalPersonName
        ? `${n.legalPersonName} (${n.legalPersonNameIdentifierType})`
        : `${[n.primaryIdentifier, n.secondaryIdentifier].filter(Boolean).join(', ')} (${n.nameIdentifierType})`,
    )
    .join('; ');

/** One IVMS101 person as an officer reads it, under IVMS101's own field names translated. */
function PersonFacts({ person, testId }: { person: Json; testId: string }) {
  const { t } = useTranslation('travelRule');
  const [kind, body] = Object.entries(person)[0] ?? ['', {}];
  const p = body as Json;
  const rows: [string, ReactNode][] = [
    [
      t(`record.${kind === 'legalPerson' ? 'legalPerson' : 'naturalPerson'}`),
      nameOf((p.name as Json)?.nameIdentifier as Json[]),
    ],
  ];
  const id = p.nationalIdentification as Json | undefined;
  if (id)
    rows.push([
      t('record.nationalId'),
      <Text key="id" size="sm" ff="monospace" data-testid="national-identifier">
        {`${id.nationalIdentifier} (${id.nationalIdentifierType}${id.countryOfIssue ? `, ${id.countryOfIssue}` : ''})`}
      </Text>,
    ]);
  const birth = p.dateAndPlaceOfBirth as Json | undefined;
  if (birth) rows.push([t('record.dateOfBirth'), `${birth.dateOfBirth} · ${birth.placeOfBirth}`]);
  for (const a of (p.geographicAddress as Json[] | undefined) ?? [])
    rows.push([
      t('record.address'),
      [
        a.streetName,
        a.buildingNumber,
        a.postCode,
        a.townName,
        ...((a.addressLine as string[]) ?? []),
        a.country,
      ]
        .filter(Boolean)
        .join(', '),
    ]);
  const residence = p.countryOfResidence ?? p.countryOfRegistration;
  if (residence) rows.push([t('record.residence'), String(residence)]);
  return <Facts rows={rows} testId={testId} />;
}

function Party({
  title,
  party,
  list,
  testId,
}: {
  title: string;
  party: Json | null;
  list: string;
  testId: string;
}) {
  const { t } = useTranslation('travelRule');
  const persons = party ? (Array.isArray(party[list]) ? (party[list] as Json[]) : [party[list] as Json]) : [];
  const accounts = (party?.accountNumber as string[] | undefined) ?? [];
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {!party ? (
        <Text c="dimmed" size="sm">
          {t('record.noParty')}
        </Text>
      ) : (
        <Stack gap="xs">
          {persons.map((person, i) => (
            <PersonFacts key={String(i)} person={person} testId={`${testId}-person`} />
          ))}
          {accounts.length > 0 && (
            <Text size="sm">
              {t('record.accounts')}: <span style={{ fontFamily: 'monospace' }}>{accounts.join(', ')}</span>
            </Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}

/** A reason the officer must give (a request, a return, a rejection), at least three characters. */
function ReasonModal({
  opened,
  title,
  label,
  message,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  title: string;
  label: string;
  message?: string;
  onClose: () => void;
  onSubmit: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('travelRule');
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const submit = () => {
    setPending(true);
    onSubmit(reason.trim())
      .then(() => {
        setReason('');
        onClose();
      })
      .catch((error: unknown) => notify({ title: errorText(error), color: 'red' }))
      .finally(() => setPending(false));
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack>
        {message && <Text size="sm">{message}</Text>}
        <Textarea
          label={label}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          minRows={3}
          data-testid="travel-rule-reason"
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('record.cancel')}
          </Button>
          <Button
            onClick={submit}
            loading={pending}
            disabled={reason.trim().length < 3}
            data-testid="travel-rule-reason-send"
          >
            {t('record.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type Asking = 'request' | 'return' | 'reject' | null;

function Actions({
  record,
  onReveal,
}: {
  record: TravelRuleRecord;
  onReveal: (r: TravelRuleRecord) => void;
}) {
  const { t } = useTranslation('travelRule');
  const can = useCan();
  const actions = useTravelRuleActions(record.id);
  const [asking, setAsking] = useState<Asking>(null);
  if (!can(travelRuleEndpoints.verify)) return null;
  const base = { id: record.id, version: record.version };
  const fail = (error: unknown) => notify({ title: errorText(error), color: 'red' });
  const open = OPEN.includes(record.state);
  const final = FINAL.includes(record.state);
  return (
    <Group gap="xs" data-testid="travel-rule-actions">
      {record.masked && (
        <Button
          variant="default"
          onClick={() =>
            actions.reveal
              .mutateAsync()
              .then((r) => {
                onReveal(r);
                notify({ title: t('record.revealed'), color: 'blue' });
              })
              .catch(fail)
          }
          loading={actions.reveal.isPending}
          data-testid="travel-rule-reveal"
        >
          {t('record.reveal')}
        </Button>
      )}
      {open && !record.awaiting_approval && (
        <Button
          color="green"
          loading={actions.verify.isPending}
          onClick={() =>
            actions.verify
              .mutateAsync(base)
              // Above the threshold the answer is a release asked, not yet a verification (four-eyes).
              .then(({ record: after }) =>
                after.awaiting_approval
                  ? notify({ title: t('release.asked'), color: 'blue' })
                  : notify({ title: t('record.verified'), color: 'green' }),
              )
              .catch(fail)
          }
          data-testid="travel-rule-verify"
        >
          {t('record.verify')}
        </Button>
      )}
      {open && (
        <Button variant="default" onClick={() => setAsking('request')} data-testid="travel-rule-request">
          {t('record.request')}
        </Button>
      )}
      {!final && (
        <Button
          variant="default"
          color="grape"
          onClick={() => setAsking('return')}
          data-testid="travel-rule-return"
        >
          {t('record.return')}
        </Button>
      )}
      {!final && (
        <Button
          variant="light"
          color="red"
          onClick={() => setAsking('reject')}
          data-testid="travel-rule-reject"
        >
          {t('record.reject')}
        </Button>
      )}
      <ReasonModal
        opened={asking === 'request'}
        title={t('record.requestTitle')}
        label={t('record.note')}
        onClose={() => setAsking(null)}
        onSubmit={(note) =>
          actions.requestInformation
            .mutateAsync({ ...base, note })
            .then(() => notify({ title: t('record.requested'), color: 'green' }))
        }
      />
      <ReasonModal
        opened={asking === 'return'}
        title={t('record.returnTitle', { id: record.id })}
        label={t('record.closeReason')}
        message={t('record.closeMessage')}
        onClose={() => setAsking(null)}
        onSubmit={(reason) =>
          actions.returnTransfer
            .mutateAsync({ ...base, reason })
            .then(() => notify({ title: t('record.returned'), color: 'green' }))
        }
      />
      <ReasonModal
        opened={asking === 'reject'}
        title={t('record.rejectTitle', { id: record.id })}
        label={t('record.closeReason')}
        message={t('record.closeMessage')}
        onClose={() => setAsking(null)}
        onSubmit={(reason) =>
          actions.reject
            .mutateAsync({ ...base, reason })
            .then(() => notify({ title: t('record.rejectedDone'), color: 'green' }))
        }
      />
    </Group>
  );
}

function RecordView({ record }: { record: TravelRuleRecord }) {
  const { t } = useTranslation('travelRule');
  const { locale } = useLanguage();
  const amount = useAmount();
  const [revealed, setRevealed] = useState<TravelRuleRecord | null>(null);
  // A reveal holds until the record changes (its answer is masked again).
  const shown = revealed && revealed.version === record.version ? revealed : record;
  const fields = (list: readonly string[]) =>
    list.length ? list.map((f) => t(`field.${f}` as 'field.rate')).join(', ') : t('record.none');
  const facts: [string, ReactNode][] = [
    [
      t('columns.state'),
      <Group key="s" gap={6}>
        <TravelRuleStateBadge state={record.state} />
        {record.awaiting_approval && <AwaitingApprovalBadge />}
      </Group>,
    ],
    [
      t('columns.customer'),
      <CustomerLink key="c" id={record.customer_id}>
        {record.user_name}
      </CustomerLink>,
    ],
    [t('columns.direction'), t(`direction.${record.direction}`)],
    [t('columns.amount'), amount(record.amount, record.asset, true)],
    [
      t('columns.amountInCurrency'),
      record.amount_in_currency ? amount(record.amount_in_currency, record.currency, true) : '—',
    ],
    [t('columns.jurisdiction'), t(`jurisdiction.${record.jurisdiction}`)],
    [t('record.walletKind'), record.counterparty_vasp_name ?? t(`walletKind.${record.wallet_kind}`)],
    [t('record.network'), record.network],
    [t('record.toAddress'), record.to_address ?? '—'],
    [t('record.fromAddress'), record.from_address ?? '—'],
    [t('record.txHash'), record.tx_hash ?? '—'],
    [t('record.transferredAt'), formatDateTime(locale, record.transferred_at)],
    [t('record.verification'), record.verification_required ? t('record.yes') : t('record.no')],
    [t('record.required'), fields(record.required_fields)],
    [t('columns.missing'), fields(record.missing_fields)],
    [t('columns.deadline'), record.deadline ? formatDateTime(locale, record.deadline) : '—'],
    [t('record.held'), record.held ? t('held') : t('record.no')],
    [
      t('record.changedBy'),
      `${record.state_changed_by ?? t('record.system')} · ${formatDateTime(locale, record.state_changed_at)}`,
    ],
    [t('record.reason'), record.state_reason ?? '—'],
  ];
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed">
          {shown.masked ? t('record.masked') : t('record.revealed')}
        </Text>
        <Actions record={record} onReveal={setRevealed} />
      </Group>
      <ReleaseApproval record={record} />
      <Facts rows={facts} testId="travel-rule-facts" />
      <Title order={2} size="h4">
        {t('record.parties')}
      </Title>
      <Party
        title={t('record.originator')}
        party={shown.originator}
        list="originatorPersons"
        testId="party-originator"
      />
      <Party
        title={t('record.beneficiary')}
        party={shown.beneficiary}
        list="beneficiaryPersons"
        testId="party-beneficiary"
      />
      <Party
        title={t('record.originatingVasp')}
        party={shown.originating_vasp}
        list="originatingVASP"
        testId="party-originating-vasp"
      />
      <Party
        title={t('record.beneficiaryVasp')}
        party={shown.beneficiary_vasp}
        list="beneficiaryVASP"
        testId="party-beneficiary-vasp"
      />
      <Title order={2} size="h4">
        {t('record.history')}
      </Title>
      <AuditTrail entity="travel_rule_record" entityId={record.id} />
    </Stack>
  );
}

/** One transfer's travel-rule record: facts, the IVMS101 parties (masked until revealed), actions, history. */
export function TravelRuleRecordPage({ recordId }: { recordId: number }) {
  const { t } = useTranslation('travelRule');
  const query = useTravelRuleRecord(recordId);
  return (
    <>
      <PageHeader
        title={t('record.title', { id: recordId })}
        description={
          <Anchor renderRoot={(props) => <Link {...props} to="/compliance/travel-rule" />}>
            {t('record.back')}
          </Anchor>
        }
      />
      {query.isPending ? (
        <Loader />
      ) : query.isError ? (
        <Alert color="red">{errorText(query.error)}</Alert>
      ) : (
        <RecordView record={query.data} />
      )}
    </>
  );
}
