import type { fraudApi } from '@backdesk/contract';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../lib/language.ts';

/**
 * How right a rule's alerts were over a window: precision (confirmed ÷ closed) and false positives
 * (÷ closed), with the counts they come from — a ratio of two alerts says little on its own.
 */
export function RuleQualityCell({ quality }: { quality: fraudApi.RuleQuality }) {
  const { t } = useTranslation('fraudRules');
  const { locale } = useLanguage();
  const percent = (v: number | null) =>
    v === null
      ? '—'
      : new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(v);
  const count = new Intl.NumberFormat(locale);
  return (
    <Stack gap={0} data-testid={`quality-${quality.days}`}>
      {quality.raised === 0 ? (
        <Text size="sm" c="dimmed">
          {t('rules.quality.noAlerts')}
        </Text>
      ) : quality.closed === 0 ? (
        <Text size="sm" c="dimmed">
          {t('rules.quality.noneClosed')}
        </Text>
      ) : (
        <Text size="sm">
          {t('rules.quality.figures', {
            precision: percent(quality.precision),
            falsePositives: percent(quality.false_positive_rate),
          })}
        </Text>
      )}
      <Text size="xs" c="dimmed" hidden={quality.raised === 0}>
        {t('rules.quality.counts', {
          closed: count.format(quality.closed),
          raised: count.format(quality.raised),
        })}
      </Text>
    </Stack>
  );
}
