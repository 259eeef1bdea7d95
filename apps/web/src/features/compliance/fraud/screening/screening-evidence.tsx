import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../lib/errors.ts';
import { useLanguage } from '../../../../lib/language.ts';
import { formatDay } from '../../../../lib/locale-format.ts';
import { HitExplanation } from './explanation.tsx';
import { useScreeningEvidence } from './screening-api.ts';

/** A screening alert's evidence in the alert drawer: the customer's facts and each listed entry matched, explained. */
export function ScreeningEvidence({ alertId }: { alertId: number }) {
  const { t } = useTranslation('fraudScreening');
  const { locale } = useLanguage();
  const evidence = useScreeningEvidence(alertId);
  if (evidence.isPending) return <Loader size="sm" aria-label={t('evidence.loading')} />;
  if (evidence.isError) return <Alert color="red">{errorText(evidence.error)}</Alert>;
  const { customer, hits } = evidence.data;
  return (
    <Stack gap="xs" data-testid="screening-evidence">
      <Text size="sm">
        {t('evidence.customer', {
          name: customer.name || '—',
          born: customer.birth_date ? formatDay(locale, customer.birth_date) : t('evidence.unknown'),
          nationality: customer.nationality ?? t('evidence.unknown'),
        })}
      </Text>
      {hits.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('evidence.none')}
        </Text>
      ) : (
        hits.map((hit) => <HitExplanation key={hit.match_id} hit={hit} />)
      )}
    </Stack>
  );
}
