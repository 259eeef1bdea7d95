import { dateTimeFormat, numberFormat } from './intl-cache.ts';

/** Locale-aware number formatting; the language decides the locale (en → en-US, tr → tr-TR). */
export const formatInteger = (locale: string, value: number): string =>
  numberFormat(locale, { maximumFractionDigits: 0 }).format(value);

/** A growth figure given as a decimal string ("12.5" → "+12.5%", tr "+%12,5"). */
export const formatGrowthPercent = (locale: string, percent: string): string =>
  numberFormat(locale, {
    style: 'percent',
    signDisplay: 'exceptZero',
    maximumFractionDigits: 1,
  }).format(Number(percent) / 100);

export const formatTime = (locale: string, iso: string): string =>
  dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date(iso));

/** A chart axis tick: short, in the locale's compact words ("1.5M", tr "1,5 Mn"); tooltips stay exact. */
export const formatAxisTick = (locale: string, value: number): string =>
  numberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
