import type { TFunction } from 'i18next';

/** How long something has waited, in the largest units that matter: "45 min", "5 h", "3 d 4 h". */
export function ageText(t: TFunction<'compliance'>, seconds: number): string {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  if (minutes < 60) return t('age.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('age.hours', { count: hours });
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? t('age.days', { count: days }) : t('age.daysHours', { days, hours: hours % 24 });
}

/** A file size in the member's locale: "845 KB", "2,4 MB". */
export function fileSize(locale: string, bytes: number): string {
  const units = ['byte', 'kilobyte', 'megabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
