import type { fraudApi } from '@backdesk/contract';
import { RULE_AMOUNT_CURRENCY } from '@backdesk/contract/fraud/keys';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Drawer,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditTrail } from '../../../../components/audit-trail/index.ts';
import { contentReady } from '../../../../components/content-ready.ts';
import { CustomerLink } from '../../../../components/customer-link.tsx';
import { DetailField } from '../../../../components/detail-field.tsx';
import { type AmountFormat, useAmount } from '../../../../lib/amounts.ts';
import { useCan } from '../../../../lib/can.ts';
import { errorText } from '../../../../lib/errors.ts';
import { useLanguage } from '../../../../lib/language.ts';
import { formatDateTime, formatDecimal, formatPercent } from '../../../../lib/locale-format.ts';
import { notify } from '../../../../lib/notify.ts';
import { AlertActions } from './alert-actions.tsx';
import { BlockAddressModal } from './alert-forms.tsx';
import { useAlertActions, useAlertDetail, useLinkedCustomers } from './alerts-api.ts';
import { AlertStatusBadge, SeverityBadge } from './badges.tsx';
import { alertEndpoints } from './endpoints.ts';

type Detail = fraudApi.FraudAlertDetail;
type Evidence = fraudApi.FraudEvidence;

/** The screening page's view of a list-entry hit, loaded when an alert has one. */
const ScreeningEvidence = lazy(async () => ({
  default: (await import('../screening/screening-evidence.tsx')).ScreeningEvidence,
}));

/** One alert beside the list: what crossed which threshold, the events, who is linked, comments, actions, history. */
export function AlertDrawer({ alertId, onClose }: { alertId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation(['fraudAlerts', 'fraud']);
  const detail = useAlertDetail(alertId);
  const data = detail.data;
  return (
    <Drawer
      opened={alertId !== undefined}
      onClose={onClose}
      position="right"
      size="xl"
      title={
        data
          ? t('drawer.title', { id: data.alert.id, rule: t(`fraud:rules.${data.alert.rule_code}`) })
          : t('drawer.loading')
      }
      closeButtonProps={{ 'aria-label': t('drawer.close') }}
      data-testid="alert-drawer"
    >
      {detail.error ? (
        <Alert color="red">{errorText(detail.error)}</Alert>
      ) : data ? (
        <AlertDetailView key={data.alert.id} detail={data} />
      ) : (
        <Center h="50vh">
          <Loader aria-label={t('drawer.loading')} />
        </Center>
      )}
    </Drawer>
  );
}

function AlertDetailView({ detail }: { detail: Detail }) {
  const { t } = useTranslation(['fraudAlerts', 'fraud']);
  const { locale } = useLanguage();
  const navigate = useNavigate();
  const { alert } = detail;
  const dt = (iso: string | null) => formatDateTime(locale, iso);
  return (
    <Stack
      gap="md"
      data-alert-id={alert.id}
      data-alert-version={alert.version}
      {...contentReady(true, String(alert.id))}
    >
      <Group gap="xs">
        <SeverityBadge severity={alert.severity} />
        <AlertStatusBadge status={alert.status} outcome={alert.outcome} />
        <Badge variant="outline" color="gray" tt="none">
          {t('drawer.ruleVersion', { version: alert.rule_version })}
        </Badge>
      </Group>
      <SimpleGrid cols={2} spacing="xs">
        <DetailField label={t('drawer.customer')}>
          <CustomerLink id={alert.customer_id}>{alert.user_name}</CustomerLink>
        </DetailField>
        <DetailField label={t('drawer.assignee')}>
          <span data-testid="alert-assignee">{alert.assignee?.display_name ?? t('drawer.nobody')}</span>
        </DetailField>
        <DetailField label={t('drawer.raised')}>{dt(alert.raised_at)}</DetailField>
        <DetailField label={t('drawer.event')}>{dt(alert.event_at)}</DetailField>
        <DetailField label={t('drawer.window')}>
          {dt(alert.window_start)} – {dt(alert.window_end)}
        </DetailField>
        <DetailField label={t('drawer.case')}>
          {alert.case_id ? (
            <Anchor
              href={`/compliance/fraud-check/cases/${alert.case_id}`}
              onClick={(e: React.MouseEvent) => {
                e.preventDefault();
                void navigate({ href: `/compliance/fraud-check/cases/${alert.case_id}` });
              }}
            >
              {t('actions.viewCase', { id: alert.case_id })}
            </Anchor>
          ) : (
            t('drawer.noCase')
          )}
        </DetailField>
      </SimpleGrid>
      {alert.closed_at && (
        <Alert color={alert.outcome === 'confirmed' ? 'red' : 'gray'} title={t('drawer.closingNote')}>
          <Text size="sm">{alert.closing_note}</Text>
          <Text size="xs" c="dimmed" mt={4}>
            {t('drawer.closedBy', { who: alert.closed_by?.display_name ?? '—', at: dt(alert.closed_at) })}
          </Text>
        </Alert>
      )}
      <AlertActions alert={alert} />
      <Thresholds detail={detail} />
      <EvidenceList alert={alert} evidence={detail.evidence} />
      <LinkedCustomers customerId={alert.customer_id} />
      <Comments alertId={alert.id} comments={detail.comments} />
      <Card withBorder padding="sm">
        <AuditTrail entity="fraud_alert" entityId={alert.id} />
      </Card>
    </Stack>
  );
}

/** A figure or threshold as the member's locale writes it: numbers (and exact decimal strings) grouped. */
function show(locale: string, value: unknown): string {
  if (value === undefined || value === null) return '—';
  const text = String(value);
  return /^-?\d+(\.\d+)?$/.test(text) ? formatDecimal(locale, text) : text;
}

/** The rules' thresholds and figures that are amounts in TRY (rule-params.ts, the engine's figures). */
const TRY_KEYS = new Set(['minAmount', 'amountTry', 'withdrawalTry', 'depositTry']);

/** A threshold or figure: a TRY amount as every amount reads, anything else as `show` writes it. */
function showValue(locale: string, amount: AmountFormat, key: string, value: unknown): string {
  return TRY_KEYS.has(key) && typeof value === 'string'
    ? amount(value, RULE_AMOUNT_CURRENCY)
    : show(locale, value);
}

/** The thresholds in force when raised beside the rule's current setting, and the observed figures. */
function Thresholds({ detail }: { detail: Detail }) {
  const { t } = useTranslation(['fraudAlerts', 'fraudRules', 'fraud']);
  const { locale } = useLanguage();
  const amount = useAmount();
  const keys = [...new Set([...Object.keys(detail.params), ...Object.keys(detail.figures)])];
  // The engine's figure names and their coded values (a P2P side, a direction, a blocklist kind), worded.
  const figureLabel = (key: string) =>
    t(`figures.${key as 'amountTry'}`, { defaultValue: t('figures.other') });
  const figureValue = (key: string, value: unknown) => {
    if (key === 'kind' && typeof value === 'string') return t(`fraud:blocklistKind.${value as 'address'}`);
    if ((key === 'role' || key === 'direction') && typeof value === 'string')
      return t(`figureValues.${key}.${value as 'buyer'}` as 'figureValues.role.buyer');
    // A name score and the threshold it passed, 0 to 1, read as the evidence card reads them: "%85".
    const fraction = typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) ? Number(value) : value;
    if ((key === 'score' || key === 'threshold') && typeof fraction === 'number' && fraction <= 1)
      return formatPercent(locale, String(Number((fraction * 100).toFixed(1))));
    // A screening hit's agreement of birth date and nationality: +1 each that agrees, −1 each that
    // disagrees (fraud-screening/names.ts), said in words.
    if (key === 'evidence' && typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= 2)
      return t(`figureValues.evidence.${String(value) as '0'}` as 'figureValues.evidence.0');
    return showValue(locale, amount, key, value);
  };
  const changed =
    detail.current !== null && JSON.stringify(detail.current.params) !== JSON.stringify(detail.params);
  return (
    <Card withBorder padding="sm">
      <Title order={4} size="h5" mb="xs">
        {t('thresholds.title')}
      </Title>
      {keys.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('thresholds.none')}
        </Text>
      ) : (
        <Table data-testid="alert-thresholds" withRowBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('thresholds.setting')}</Table.Th>
              <Table.Th>{t('thresholds.inForce')}</Table.Th>
              <Table.Th>{t('thresholds.figure')}</Table.Th>
              {detail.current && (
                <Table.Th>{t('thresholds.current', { version: detail.current.version })}</Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.map((key) => (
              <Table.Tr key={key}>
                <Table.Td>
                  {key in detail.params ? t(`fraudRules:rules.params.${key as 'count'}`) : figureLabel(key)}
                </Table.Td>
                <Table.Td>{showValue(locale, amount, key, detail.params[key])}</Table.Td>
                <Table.Td>{figureValue(key, detail.figures[key])}</Table.Td>
                {detail.current && (
                  <Table.Td>{showValue(locale, amount, key, detail.current.params[key])}</Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {changed && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('thresholds.changed')}
        </Text>
      )}
    </Card>
  );
}

const FIELD_KEYS = [
  'ip',
  'device_id',
  'outcome',
  'failure_reason',
  'type',
  'asset',
  'network',
  'amount',
  'status',
  'from_address',
  'to_address',
  'tx_hash',
  'buyer',
  'seller',
  'contract',
  'kind',
  'value',
  'reason',
  'source',
] as const;

/** The events behind the alert, each with what it says; an address can be blocked from here. */
function EvidenceList({ alert, evidence }: { alert: fraudApi.FraudAlertRow; evidence: Evidence[] }) {
  const { t } = useTranslation(['fraudAlerts', 'fraud', 'transactions']);
  const { locale } = useLanguage();
  const amount = useAmount();
  // Enumerated values in the member's language (their own namespaces'), amounts at their asset's precision.
  const valueText = (e: Evidence, field: string, value: string): string => {
    const kind = e.kind;
    const word = (key: string) => t(key as 'fraud:status.open', { defaultValue: value });
    if (field === 'amount') return amount(value, e.fields.asset ?? e.fields.contract);
    if (kind === 'wallet_transaction' && field === 'type') return word(`transactions:walletType.${value}`);
    if (kind === 'wallet_transaction' && field === 'status')
      return word(`transactions:walletStatus.${value}`);
    if (kind === 'p2p_trade' && field === 'status') return word(`transactions:tradeStatus.${value}`);
    if (kind === 'login' && (field === 'outcome' || field === 'failure_reason'))
      return word(`fraudAlerts:evidence.login.${value}`);
    if (kind === 'blocklist_entry' && field === 'kind') return word(`fraud:blocklistKind.${value}`);
    return value;
  };
  const can = useCan();
  const [blocking, setBlocking] = useState<{ value: string; network: string | null } | null>(null);
  return (
    <Card withBorder padding="sm">
      <Title order={4} size="h5" mb="xs">
        {t('evidence.title')}
      </Title>
      {evidence.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('evidence.empty')}
        </Text>
      )}
      <Stack gap="xs" data-testid="alert-evidence">
        {evidence.map((e) => {
          const fields = FIELD_KEYS.filter((k) => e.fields[k] !== undefined && e.fields[k] !== null);
          const address = e.kind === 'wallet_transaction' ? e.fields.to_address : undefined;
          return (
            <Card key={`${e.kind}:${e.ref_id}`} withBorder padding="xs" data-evidence-kind={e.kind}>
              <Group justify="space-between" gap="xs">
                <Text size="sm" fw={600}>
                  {t(`fraud:evidenceKind.${e.kind}`)} #{e.ref_id}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(locale, e.at)}
                </Text>
              </Group>
              {e.kind === 'screening_entry' ? (
                <Suspense fallback={<Loader size="xs" />}>
                  <ScreeningEvidence alertId={alert.id} />
                </Suspense>
              ) : fields.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('evidence.gone')}
                </Text>
              ) : (
                <SimpleGrid cols={2} spacing={4} verticalSpacing={2} mt={4}>
                  {fields.map((k) => (
                    <Text key={k} size="xs" style={{ overflowWrap: 'anywhere' }}>
                      <Text span c="dimmed" size="xs">
                        {t(`evidence.fields.${k}`)}:
                      </Text>{' '}
                      {valueText(e, k, e.fields[k]!)}
                    </Text>
                  ))}
                </SimpleGrid>
              )}
              {address && can(alertEndpoints.block) && (
                <Group justify="flex-end" mt={4}>
                  <Button
                    size="compact-xs"
                    variant="light"
                    color="red"
                    onClick={() => setBlocking({ value: address, network: e.fields.network ?? null })}
                    data-testid="block-address"
                  >
                    {t('evidence.block')}
                  </Button>
                </Group>
              )}
            </Card>
          );
        })}
      </Stack>
      {blocking && <BlockAddressModal address={blocking} onClose={() => setBlocking(null)} />}
    </Card>
  );
}

/** Other customers sharing a device, sign-in address, wallet address or P2P counterparty. */
export function LinkedCustomers({ customerId }: { customerId: number }) {
  const { t } = useTranslation('fraudAlerts');
  const linked = useLinkedCustomers(customerId);
  return (
    <Card withBorder padding="sm" data-testid="linked-customers">
      <Title order={4} size="h5" mb="xs">
        {t('linked.title')}
      </Title>
      {linked.error ? (
        <Alert color="red">{errorText(linked.error)}</Alert>
      ) : !linked.data ? (
        <Loader size="sm" aria-label={t('drawer.loading')} />
      ) : linked.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('linked.empty')}
        </Text>
      ) : (
        <Stack gap={6}>
          {linked.data.items.map((c) => (
            <Group key={c.customer_id} gap="xs" wrap="wrap">
              <CustomerLink id={c.customer_id}>{c.user_name}</CustomerLink>
              {c.links.map((l) => (
                <Badge key={l.kind} variant="light" color="gray" tt="none" title={l.values.join(', ')}>
                  {t(`linked.kinds.${l.kind}`)}
                </Badge>
              ))}
            </Group>
          ))}
          {linked.data.truncated && (
            <Text size="xs" c="dimmed">
              {t('linked.truncated', { count: linked.data.items.length })}
            </Text>
          )}
        </Stack>
      )}
    </Card>
  );
}

function Comments({ alertId, comments }: { alertId: number; comments: Detail['comments'] }) {
  const { t } = useTranslation('fraudAlerts');
  const { locale } = useLanguage();
  const can = useCan();
  const { comment } = useAlertActions();
  const [body, setBody] = useState('');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const add = () =>
    comment.mutate(
      { id: alertId, body, key },
      {
        onSuccess: () => {
          setBody('');
          setKey(crypto.randomUUID());
        },
        onError: (error) => notify({ title: errorText(error), color: 'red' }),
      },
    );
  return (
    <Card withBorder padding="sm">
      <Title order={4} size="h5" mb="xs">
        {t('comments.title')}
      </Title>
      <Stack gap="xs" data-testid="alert-comments">
        {comments.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('comments.empty')}
          </Text>
        )}
        {comments.map((c) => (
          <div key={c.id} data-testid="alert-comment">
            <Text size="xs" c="dimmed">
              {c.member.display_name} · {formatDateTime(locale, c.created_at)}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {c.body}
            </Text>
          </div>
        ))}
        {can(alertEndpoints.comment) && (
          <>
            <Textarea
              label={t('comments.label')}
              placeholder={t('comments.placeholder')}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              autosize
              minRows={2}
              maxLength={4000}
              data-testid="comment-body"
            />
            <Group justify="flex-end">
              <Button
                size="xs"
                onClick={add}
                loading={comment.isPending}
                disabled={body.trim() === ''}
                data-testid="comment-add"
              >
                {t('comments.add')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
