import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, useLanguage } from '../lib/language.ts';
import { SegmentedSwitch } from './segmented-switch.tsx';

const OPTIONS = LANGUAGES.map((code) => ({
  value: code,
  label: code.toUpperCase(),
  name: LANGUAGE_NAMES[code],
}));

/** EN | TR, each language named in itself. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const { language } = useLanguage();
  return (
    <SegmentedSwitch
      value={language}
      options={OPTIONS}
      onChange={(next) => void i18n.changeLanguage(next)}
      label={t('language.label')}
      testId="language-switch"
    />
  );
}
