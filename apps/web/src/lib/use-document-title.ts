import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets `document.title` to "<title> — Backdesk", following language changes. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  const full = t('documentTitle', { title });
  useEffect(() => {
    document.title = full;
  }, [full]);
}
