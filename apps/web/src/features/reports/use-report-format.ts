import { REPORTING_CURRENCY } from '@backdesk/contract/reports/keys';
import { useTranslation } from 'react-i18next';
import { useAmount } from '../../lib/amounts.ts';
import { formatGrowthPercent } from '../../lib/format.ts';
import { useLanguage } from '../../lib/language.ts';
import { formatDecimal, formatPercent } from '../../lib/locale-format.ts';
import { type Cell, Decimal } from './report-view.ts';

/** How a figure reads on screen in the member's language; exports keep the exact figure instead. */
export function useReportFormat() {
  const { t } = useTranslation('reports');
  const { locale } = useLanguage();
  const amount = useAmount();
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
  const day = (date: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
  const period = (start: string, groupBy: string) =>
    groupBy === 'month'
      ? new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
          new Date(`${start}T00:00:00Z`),
        )
      : groupBy === 'week'
        ? t('weekOf', { date: day(start) })
        : day(start);
  return { cell, period, day, locale };
}
