import { useLanguage } from '../../lib/language.ts';

const LABELS = {
  en: {
    previous: 'Previous',
    next: 'Next',
    clearFilters: 'Clear filters',
    export: 'Export',
    exportCsv: 'CSV',
    exportXlsx: 'Excel (XLSX)',
    empty: 'No records match',
    total: (n: string) => `${n} records`,
    totalOne: '1 record',
  },
  tr: {
    previous: 'Önceki',
    next: 'Sonraki',
    clearFilters: 'Filtreleri temizle',
    export: 'Dışa aktar',
    exportCsv: 'CSV',
    exportXlsx: 'Excel (XLSX)',
    empty: 'Eşleşen kayıt yok',
    total: (n: string) => `${n} kayıt`,
    totalOne: '1 kayıt',
  },
} as const;

/** The list's own labels, in the current language. */
export function useDataListLabels() {
  const { language, locale } = useLanguage();
  return { labels: LABELS[language], locale };
}
