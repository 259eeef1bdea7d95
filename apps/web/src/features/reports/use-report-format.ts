import { REPORTING_CURRENCY } from '@backdesk/contract/reports/keys';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type AmountFormat, useAmount } from '../../lib/amounts.ts';
import { formatGrowthPercent } from '../../lib/format.ts';
import { useLanguage } from '../../lib/language.ts';
import { formatDecimal, formatPercent } from '../../lib/locale-format.ts';
import { type Cell, Decimal } from './report-view.ts';

/**
 * One calendar-day formatter per locale and style: a report labels every period of its charts and
 * tables, and building an Intl.DateTimeFormat for each label cost more than the label.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(locale: string, month: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${month}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      month ? { month: 'short', year: 'numeric', timeZone: 'UTC' } : { dateStyle: 'medium', timeZone: 'UTC' },
    );
    dayFormats.set(key, format);
  }
  return format;
}

/**
 * How a figure reads on screen in the member's language; exports keep the exact figure instead. The
 * functions keep their identity while the language and the asset catalogue do, so memoised charts
 * and tables can take them.
 */
export function useReportFormat() {
  const { t } = useTranslation('reports');
  const { locale } = useLanguage();
  const amount = useAmount();
  return useMemo(() => reportFormat(t, locale, amount), [t, locale, amount]);
}

function reportFormat(t: TFunction<'reports'>, locale: string, amount: AmountFormat) {
  const cell = ({ raw, kind, asset }: Cell): string => {
    if (raw === null) return '—';
    switch (kind) {
      case 'text':
        return raw;
      case 'delta':
        return formatGrowthPercent(locale, raw);
      case 'currency':
        // Money in the reporting currency, at its places; the exact figure is in the export.
        return amount(raw, REPORTING_CURRENCY);
      case 'seconds': {
        const minutes = new Decimal(raw).div(60).toDecimalPlaces(0).toNumber();
        return t('duration', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
      }
      case 'percent':
        return formatPercent(locale, raw);
      case 'amount':
        // An amount of one asset at its precision; a sum across assets has no asset to be read in.
        return asset ? amount(raw, asset) : formatDecimal(locale, raw);
      default:
        return formatDecimal(locale, raw);
    }
  };
  // A calendar day of the report's zone: read at UTC so the browser's own zone cannot shift it.
  const day = (date: string) => dayFormat(locale, false).format(new Date(`${date}T00:00:00Z`));
  const period = (start: string, groupBy: string) =>
    groupBy === 'month'
      ? dayFormat(locale, true).format(new Date(`${start}T00:00:00Z`))
      : groupBy === 'week'
        ? t('weekOf', { date: day(start) })
        : day(start);
  return { cell, period, day, locale };
}
