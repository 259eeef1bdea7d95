import type { fraudApi } from '@backdesk/contract';
import { Alert, Loader, Text, Timeline } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type AmountFormat, useAmount } from '../../../../lib/amounts.ts';
import { errorText } from '../../../../lib/errors.ts';
import { useLanguage } from '../../../../lib/language.ts';
import { formatDateTime } from '../../../../lib/locale-format.ts';
import { useCaseTimeline } from './cases-api.ts';

type Entry = fraudApi.CaseTimelineEntry;
type Params = Entry['params'];

const COLORS: Record<Entry['kind'], string> = {
  alert_raised: 'orange',
  alert_moved: 'violet',
  alert_closed: 'gray',
  comment: 'blue',
  restriction: 'red',
  kyc_decision: 'teal',
  wallet_transaction: 'indigo',
  p2p_trade: 'indigo',
  case_event: 'gray',
};

const str = (v: Params[string] | undefined) => (v === null || v === undefined ? '' : String(v));

/** One entry in words: shared fraud words from `fraud`, the rest from this part's namespace. */
function describe(
  e: Entry,
  t: TFunction<['fraudCases', 'fraud', 'crm', 'transactions']>,
  locale: string,
  amount: AmountFormat,
): string {
  const p = e.params;
  switch (e.kind) {
    case 'alert_raised':
      return t('timeline.alert_raised', {
        id: p.alert_id,
        rule: t(`fraud:rules.${str(p.rule)}` as 'fraud:rules.p2p_amount', { defaultValue: str(p.rule) }),
        severity: t(`fraud:severity.${str(p.severity)}` as 'fraud:severity.low', {
          defaultValue: str(p.severity),
        }),
      });
    case 'alert_moved':
      return t('timeline.alert_moved', {
        id: p.alert_id,
        status: t(`fraud:status.${str(p.status)}` as 'fraud:status.open', { defaultValue: str(p.status) }),
      });
    case 'alert_closed':
      return t('timeline.alert_closed', {
        id: p.alert_id,
        outcome: t(`fraud:outcome.${str(p.outcome)}` as 'fraud:outcome.confirmed', {
          defaultValue: str(p.outcome),
        }),
      });
    case 'comment':
      return str(p.body);
    case 'restriction':
      return t(p.lifted ? 'timeline.restriction_lifted' : 'timeline.restriction', {
        kind: t(`crm:restrictions.kinds.${str(p.restriction_kind)}` as 'crm:restrictions.kinds.login', {
          defaultValue: str(p.restriction_kind),
        }),
        reason: str(p.reason),
      });
    case 'kyc_decision':
      return t('timeline.kyc_decision', {
        decision: t(`kycDecisions.${str(p.decision)}` as 'kycDecisions.approved', {
          defaultValue: str(p.decision),
        }),
      });
    case 'wallet_transaction':
      return t('timeline.wallet_transaction', {
        id: p.transaction_id,
        type: t(`transactions:walletType.${str(p.type)}` as 'transactions:walletType.deposit', {
          defaultValue: str(p.type),
        }),
        amount: amount(str(p.amount), str(p.asset) || null),
        network: str(p.network),
        status: t(`transactions:walletStatus.${str(p.status)}` as 'transactions:walletStatus.completed', {
          defaultValue: str(p.status),
        }),
      });
    case 'p2p_trade':
      return t('timeline.p2p_trade', {
        id: p.trade_id,
        amount: amount(str(p.amount), str(p.contract) || null),
        buyer: str(p.buyer),
        seller: str(p.seller) || '—',
        status: t(`transactions:tradeStatus.${str(p.status)}` as 'transactions:tradeStatus.completed', {
          defaultValue: str(p.status),
        }),
      });
    case 'case_event':
      return t(`events.${str(p.event)}` as 'events.opened', {
        alerts: str(p.alerts),
        date: formatDateTime(locale, str(p.follow_up_at) || null),
        decision: p.decision ? t(`decisions.${str(p.decision)}` as 'decisions.report') : '',
        reason: str(p.reason),
        defaultValue: str(p.event),
      });
  }
}

/** Everything that happened around the case, oldest first, the newest 500 at most. */
export function CaseTimeline({ caseId }: { caseId: number }) {
  const { t } = useTranslation(['fraudCases', 'fraud', 'crm', 'transactions']);
  const { locale } = useLanguage();
  const amount = useAmount();
  const timeline = useCaseTimeline(caseId);
  if (timeline.isPending) return <Loader size="sm" />;
  if (timeline.isError) return <Alert color="red">{errorText(timeline.error)}</Alert>;
  const { items, truncated } = timeline.data;
  if (!items.length) return <Text c="dimmed">{t('timeline.empty')}</Text>;
  return (
    <>
      {truncated && (
        <Text size="sm" c="dimmed" mb="xs">
          {t('timeline.truncated', { count: items.length })}
        </Text>
      )}
      <Timeline bulletSize={14} lineWidth={2} data-testid="case-timeline">
        {items.map((e) => (
          <Timeline.Item
            key={e.key}
            color={COLORS[e.kind]}
            title={t(`timeline.kinds.${e.kind}`)}
            data-testid="timeline-entry"
            data-kind={e.kind}
          >
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {describe(e, t, locale, amount)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(locale, e.at)}
              {e.member ? ` · ${e.member}` : ''}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </>
  );
}
