import { type FraudRuleCode, RULE_AMOUNT_CURRENCY } from '@backdesk/contract/fraud/keys';
import { Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useAmount } from '../../../../lib/amounts.ts';
import { useLanguage } from '../../../../lib/language.ts';

/** Each rule's thresholds, in the order the page shows them (rule-params.ts holds their ranges). */
export const RULE_PARAM_FIELDS: Record<FraudRuleCode, readonly ParamField[]> = {
  withdrawal_velocity: ['count', 'windowMinutes'],
  withdrawal_after_deposit: ['withinMinutes', 'minPercent'],
  new_address_withdrawal: ['minAmount'],
  failed_logins: ['count', 'windowMinutes'],
  p2p_amount: ['minAmount'],
  blocklisted_address: [],
  screening_hit: [],
  travel_rule_failures: ['count', 'windowMinutes'],
};
export type ParamField = 'count' | 'windowMinutes' | 'withinMinutes' | 'minPercent' | 'minAmount';

/** A threshold's value in the member's locale: an amount in TRY as every amount reads, counts grouped. */
export function useParamValue() {
  const { locale } = useLanguage();
  const amount = useAmount();
  return (field: ParamField, value: unknown): string => {
    if (value === undefined || value === null) return '—';
    if (field === 'minAmount') return amount(String(value), RULE_AMOUNT_CURRENCY);
    return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(Number(value));
  };
}

/** A rule's thresholds in a line: "Events: 5 · Window: 60 min". */
export function ParamsText({ code, params }: { code: FraudRuleCode; params: Record<string, unknown> }) {
  const { t } = useTranslation('fraudRules');
  const value = useParamValue();
  const fields = RULE_PARAM_FIELDS[code];
  if (code === 'screening_hit') return <ScreeningThresholdNote />;
  if (fields.length === 0) return <>{t('rules.noThresholds')}</>;
  return <>{fields.map((f) => t(`rules.paramText.${f}`, { value: value(f, params[f]) })).join(' · ')}</>;
}

/** screening_hit's match threshold is screening's own setting (R60), the only one: say where it is. */
export function ScreeningThresholdNote() {
  const { t } = useTranslation('fraudRules');
  return (
    <span data-testid="screening-threshold-note">
      {t('rules.screeningThreshold')}{' '}
      {/* Underlined: inside a sentence a link may not differ by colour alone (WCAG 1.4.1). */}
      <Anchor component={Link} to="/compliance/fraud-check/screening" inherit underline="always">
        {t('rules.screeningPage')}
      </Anchor>
    </span>
  );
}
