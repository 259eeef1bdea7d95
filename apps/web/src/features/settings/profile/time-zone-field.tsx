import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/errors.ts';
import { useProfile, useSavePreferences } from '../../../lib/member-settings.ts';
import { notify } from '../../../lib/notify.ts';
import { browserTimeZone, timeZoneChoices } from '../../../lib/time-zones.ts';

/** The option that stores no zone: reports then follow the browser's. Never an IANA name. */
const BROWSER = 'browser';

/**
 * The display time zone of reports, kept with the member like language and colour mode: saved on
 * choosing, the last choice winning (a preference, not a shared record: no version to compare).
 */
export function TimeZoneField() {
  const { t } = useTranslation('settings');
  const { data: profile } = useProfile();
  const save = useSavePreferences();
  const data = useMemo(
    () => [
      { value: BROWSER, label: t('timeZone.browser', { zone: browserTimeZone() }) },
      ...timeZoneChoices(profile?.time_zone),
    ],
    [t, profile?.time_zone],
  );
  const value = profile?.time_zone ?? BROWSER;
  return (
    <Select
      label={t('timeZone.label')}
      description={t('timeZone.description')}
      w={300}
      searchable
      allowDeselect={false}
      nothingFoundMessage={t('timeZone.nothingFound')}
      data={data}
      value={value}
      disabled={!profile || save.isPending}
      error={save.isError ? errorText(save.error) : undefined}
      onChange={(zone) => {
        if (!zone || zone === value) return;
        save.mutate(
          { time_zone: zone === BROWSER ? null : zone },
          { onSuccess: () => notify({ title: t('timeZone.saved'), color: 'green' }) },
        );
      }}
      data-testid="settings-time-zone"
    />
  );
}
