import type { fraudApi } from '@backdesk/contract';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../../lib/language.ts';
import { formatDay, formatPercent } from '../../../../lib/locale-format.ts';

type Hit = fraudApi.ScreeningHit;

const AGREEMENT_COLOR = { agree: 'green', disagree: 'red', unknown: 'gray' } as const;
const HOW_COLOR = {
  exact: 'green',
  transliterated: 'teal',
  phonetic: 'blue',
  initial: 'grape',
  fuzzy: 'orange',
} as const;

/** A score as a percentage in the locale ("97%", tr "%97"). */
export const scoreText = (locale: string, score: number) =>
  formatPercent(locale, String(Math.round(score * 1000) / 10));

/**
 * One listed entry a name matched, and why: each part of the name with how it matched, the parts left
 * over, and whether birth date and nationality agree.
 */
export function HitExplanation({ hit, threshold }: { hit: Hit; threshold?: number }) {
  const { t } = useTranslation('fraudScreening');
  const { locale } = useLanguage();
  const { entry, explanation: e } = hit;
  const below = threshold !== undefined && e.score < threshold;
  return (
    <Paper withBorder p="sm" data-testid="screening-hit">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={600}>{entry.name}</Text>
          <Text size="sm" c="dimmed">
            {t('explain.listed', { list: entry.list.name, ref: entry.ref })}
            {entry.programme ? ` · ${entry.programme}` : ''}
            {entry.removed ? ` · ${t('explain.removed')}` : ''}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end">
          <Badge
            size="lg"
            variant={below ? 'outline' : 'filled'}
            color={below ? 'gray' : 'red'}
            data-testid="screening-score"
          >
            {scoreText(locale, e.score)}
          </Badge>
          {threshold !== undefined && (
            <Text size="xs" c="dimmed">
              {below ? t('try.below') : t('try.hit')}
            </Text>
          )}
        </Stack>
      </Group>
      {e.alias && (
        <Text size="sm" mt={4}>
          {t('explain.alias', { name: e.matched_name })}
        </Text>
      )}
      <Group gap="xs" mt="xs" aria-label={t('explain.partsLabel')} role="list">
        {e.parts.map((p) => (
          <Badge
            key={`${p.query}-${p.listed}`}
            role="listitem"
            variant="light"
            color={HOW_COLOR[p.how]}
            tt="none"
            data-testid={`screening-part-${p.how}`}
          >
            {t('explain.part', { query: p.query, listed: p.listed, how: t(`explain.how.${p.how}`) })}
          </Badge>
        ))}
      </Group>
      {(e.unmatched.length > 0 || e.missing.length > 0) && (
        <Text size="sm" c="dimmed" mt={4}>
          {[
            e.unmatched.length ? t('explain.unmatched', { parts: e.unmatched.join(', ') }) : '',
            e.missing.length ? t('explain.missing', { parts: e.missing.join(', ') }) : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      )}
      <Group gap="xs" mt="xs">
        <Badge variant="outline" color={AGREEMENT_COLOR[e.birth_date]} tt="none">
          {t(`explain.birthDate.${e.birth_date}`)}
          {entry.birth_dates.length
            ? ` (${entry.birth_dates.map((d) => (d.length === 10 ? formatDay(locale, d) : d)).join(', ')})`
            : ''}
        </Badge>
        <Badge variant="outline" color={AGREEMENT_COLOR[e.nationality]} tt="none">
          {t(`explain.nationality.${e.nationality}`)}
          {entry.nationalities.length ? ` (${entry.nationalities.join(', ')})` : ''}
        </Badge>
      </Group>
    </Paper>
  );
}
