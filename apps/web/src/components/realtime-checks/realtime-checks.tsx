import type { CheckReason, RealtimeCheck, RealtimeChecksQuery } from '@backdesk/contract';
import * as transactionsRoutes from '@backdesk/contract/routes/transactions';
import type { CheckDecision } from '@backdesk/contract/transactions/keys';
import { Badge, Group, List, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { amountText } from '../../lib/amount-text.ts';
import { callEndpoint } from '../../lib/api.ts';
import { transactionsRef } from '../../lib/contract.ts';
import { errorText } from '../../lib/errors.ts';
import { useLanguage } from '../../lib/language.ts';
import { formatDateTime, formatDecimal } from '../../lib/locale-format.ts';

// The exchange's real-time checks (decision 0025) where staff look: the wallet drawer, the customer
// page and the checks' own list all word a decision and its reasons the same way.

export const realtimeChecksEndpoint = transactionsRef(transactionsRoutes.listRealtimeChecks);
export const REALTIME_CHECKS_KEY = ['transactions', 'checks'] as const;

const DECISION_COLOR: Record<CheckDecision, string> = { allow: 'green', review: 'orange', block: 'red' };
/** Its whole text sets the badge's width: a table column never squeezes it to "Held for rev…". */
const FULL_LABEL = { root: { overflow: 'visible' }, label: { overflow: 'visible' } } as const;

export function CheckDecisionBadge({ decision }: { decision: CheckDecision }) {
  const { t } = useTranslation('transactions');
  return (
    <Badge
      variant="light"
      color={DECISION_COLOR[decision]}
      tt="none"
      styles={FULL_LABEL}
      data-testid="check-decision"
      data-decision={decision}
    >
      {t(`checks.decisions.${decision}`)}
    </Badge>
  );
}

/** A reason in the member's language: its kind, rule, severity and role named, amounts in the locale's format. */
export function useReasonText() {
  const { t } = useTranslation(['transactions', 'crm', 'fraud', 'travelRule']);
  const { locale } = useLanguage();
  const list = new Intl.ListFormat(locale, { type: 'conjunction' });
  return (r: CheckReason): string => {
    const p = r.params;
    const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
    return t(`transactions:checks.reasons.${r.code}`, {
      ...Object.fromEntries(
        Object.entries(p).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : text(v)]),
      ),
      kind: p.kind
        ? t(`crm:restrictions.kinds.${text(p.kind)}` as 'crm:restrictions.kinds.p2p', {
            defaultValue: text(p.kind),
          })
        : '',
      amount:
        typeof p.amount === 'string' ? amountText(locale, p.amount, text(p.asset) || null) : text(p.amount),
      rule: p.rule
        ? t(`fraud:rules.${text(p.rule)}` as 'fraud:rules.p2p_amount', { defaultValue: text(p.rule) })
        : '',
      severity: p.severity
        ? t(`fraud:severity.${text(p.severity)}` as 'fraud:severity.high', { defaultValue: text(p.severity) })
        : '',
      role: p.role
        ? t(`transactions:checks.roles.${text(p.role)}` as 'transactions:checks.roles.customer')
        : '',
      // The travel rule's reasons name their jurisdiction and the missing fields by code.
      ...(r.code.startsWith('TRAVEL_RULE_') && {
        jurisdiction: p.jurisdiction
          ? t(`travelRule:jurisdiction.${text(p.jurisdiction)}` as 'travelRule:jurisdiction.TR', {
              defaultValue: text(p.jurisdiction),
            })
          : '',
        fields: list.format(
          text(p.fields)
            .split(',')
            .map((f) => f.trim())
            .filter(Boolean)
            .map((f) => t(`travelRule:field.${f}` as 'travelRule:field.rate', { defaultValue: f })),
        ),
      }),
      interpolation: { escapeValue: false },
    });
  };
}

export function CheckReasons({ reasons }: { reasons: CheckReason[] }) {
  const { t } = useTranslation('transactions');
  const reasonText = useReasonText();
  if (!reasons.length)
    return (
      <Text size="sm" c="dimmed">
        {t('checks.noReasons')}
      </Text>
    );
  return (
    <List size="sm" spacing={2} data-testid="check-reasons">
      {reasons.map((r) => (
        <List.Item key={`${r.code}:${JSON.stringify(r.params)}`} data-code={r.code} data-effect={r.effect}>
          {reasonText(r)}
        </List.Item>
      ))}
    </List>
  );
}

/** Recorded checks matching `query` (a customer's, the one that held a withdrawal). */
export function useRealtimeChecks(query: RealtimeChecksQuery, enabled = true) {
  return useQuery({
    queryKey: [...REALTIME_CHECKS_KEY, 'of', query],
    queryFn: ({ signal }) => callEndpoint(realtimeChecksEndpoint, { query, signal }),
    enabled,
  });
}

/** One check: its decision, when it was asked and how fast it was answered, and its reasons. */
export function CheckSummary({ check }: { check: RealtimeCheck }) {
  const { t } = useTranslation('transactions');
  const { locale } = useLanguage();
  return (
    <Stack gap={4} data-testid="realtime-check" data-check-id={check.check_id}>
      <Group gap="xs">
        <CheckDecisionBadge decision={check.decision} />
        <Text size="xs" c="dimmed">
          {t('checks.askedAt', {
            at: formatDateTime(locale, check.evaluated_at),
            ms: formatDecimal(locale, check.duration_ms),
          })}
        </Text>
      </Group>
      <CheckReasons reasons={check.reasons} />
    </Stack>
  );
}

/** The check that held this withdrawal for review, in its drawer; nothing when none did. */
export function WithdrawalCheckPanel({ walletTransactionId }: { walletTransactionId: number }) {
  const { t } = useTranslation('transactions');
  const checks = useRealtimeChecks({ walletTransactionId, limit: 1 });
  if (checks.isPending) return <Loader size="xs" aria-label={t('checks.loading')} />;
  if (checks.isError)
    return (
      <Text size="sm" c="red">
        {t('checks.failed')}: {errorText(checks.error)}
      </Text>
    );
  const check = checks.data.items[0];
  return (
    <div data-testid="withdrawal-realtime-check">
      <Text size="sm" fw={600} mb={4}>
        {t('checks.title')}
      </Text>
      {check ? (
        <CheckSummary check={check} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('checks.none')}
        </Text>
      )}
    </div>
  );
}
