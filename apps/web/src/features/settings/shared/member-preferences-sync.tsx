import { useMantineColorScheme } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { languageChosenInBrowser } from '../../../app/i18n.ts';
import {
  COLOR_MODE_KEY,
  type ColorModePreference,
  toMantineScheme,
  toPreference,
} from '../../../lib/color-mode.ts';
import { type Language, useLanguage } from '../../../lib/language.ts';
import { profileQuery, useSavePreferences } from '../../../lib/member-settings.ts';
import { notify } from '../../../lib/notify.ts';

interface Prefs {
  language: Language;
  color_mode: ColorModePreference;
}

/**
 * Language and colour mode follow the member from browser to browser. At sign-in a choice this
 * browser holds (the original panel's cookie, the `nuxt-color-mode` key — e.g. just made on the login page) is
 * the latest one and is stored on the server; a browser that holds none takes the server's. Afterwards
 * any change, from the header's switches or the settings page, is kept on the server too.
 */
const browserChoseColorMode = () => {
  try {
    return window.localStorage.getItem(COLOR_MODE_KEY) !== null;
  } catch {
    return false; // storage blocked: nothing chosen here
  }
};

export function MemberPreferencesSync() {
  // Not useTranslation('settings'): that would fetch the settings texts (5 KB) before every first page for
  // one toast; they load when it is shown (decision 0028).
  const { i18n } = useTranslation();
  const { language } = useLanguage();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const colorMode = toPreference(colorScheme);
  const { data: profile } = useQuery(profileQuery);
  const save = useSavePreferences();
  /** What the server holds, once the sign-in's values were settled. */
  const stored = useRef<Prefs | null>(null);
  const previous = useRef<Prefs>({ language, color_mode: colorMode });

  const keep = (changed: Partial<Prefs>) =>
    save.mutate(changed, {
      onError: () =>
        void i18n
          .loadNamespaces('settings')
          .finally(() => notify({ title: i18n.t('settings:appearance.saveFailed'), color: 'yellow' })),
    });

  // Settled once per sign-in, when the profile first arrives: a later read (after a save) applies nothing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the values it reads are the ones at that moment
  useEffect(() => {
    if (!profile || stored.current) return;
    const server = {
      language: languageChosenInBrowser() ? null : profile.language,
      color_mode: browserChoseColorMode() ? null : profile.color_mode,
    };
    if (server.language && server.language !== language) void i18n.changeLanguage(server.language);
    if (server.color_mode && server.color_mode !== colorMode) {
      setColorScheme(toMantineScheme(server.color_mode) ?? 'auto');
    }
    stored.current = { language: server.language ?? language, color_mode: server.color_mode ?? colorMode };
    const toStore = {
      ...(server.language || profile.language === language ? {} : { language }),
      ...(server.color_mode || profile.color_mode === colorMode ? {} : { color_mode: colorMode }),
    };
    if (Object.keys(toStore).length > 0) keep(toStore);
  }, [profile]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the member's choices only
  useEffect(() => {
    const before = previous.current;
    previous.current = { language, color_mode: colorMode };
    const known = stored.current;
    if (!known || (before.language === language && before.color_mode === colorMode)) return;
    const changed = {
      ...(language === known.language ? {} : { language }),
      ...(colorMode === known.color_mode ? {} : { color_mode: colorMode }),
    };
    if (Object.keys(changed).length === 0) return;
    stored.current = { language, color_mode: colorMode };
    keep(changed);
  }, [language, colorMode]);

  return null;
}
