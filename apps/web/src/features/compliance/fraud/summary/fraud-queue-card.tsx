import type { FraudQueueFigure } from '@backdesk/contract';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconUserQuestion } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ageText } from '../../../../lib/compliance-format.ts';
import { formatInteger } from '../../../../lib/format.ts';
import { useLanguage } from '../../../../lib/language.ts';

/** The compliance overview's fraud queue: alerts not yet closed, how long the oldest has waited. */
export function FraudQueueCard({ figure }: { figure: FraudQueueFigure }) {
  const { t } = useTranslation('fraud');
  const { t: tc } = useTranslation('compliance');
  const { locale } = useLanguage();
  const n = (value: number) => formatInteger(locale, value);
  const oldest = figure.oldest_since
    ? ageText(tc, (Date.now() - Date.parse(figure.oldest_since)) / 1000)
    : t('dashboard.nothingOpen');
  return (
    <Card withBorder radius="md" data-testid="overview-fraud">
      <Title order={2} fz="md" mb="xs">
        {t('dashboard.queueTitle')}
      </Title>
      <Text fz={30} fw={700} lh={1.1} data-testid="overview-fraud-open">
        {n(figure.open)}
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        {t('dashboard.open')} · {t('dashboard.oldest')}:{' '}
        <span data-testid="overview-fraud-oldest">{oldest}</span>
      </Text>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap">
          <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/compliance/fraud-check" />}>
            {t('dashboard.openQueue')}
          </Anchor>
          <Text size="sm" fw={700}>
            {n(figure.open)}
          </Text>
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <IconUserQuestion size={16} aria-hidden />
            <Text size="sm">{t('dashboard.unassigned')}</Text>
          </Group>
          <Text size="sm" fw={700} data-testid="overview-fraud-unassigned">
            {n(figure.unassigned)}
          </Text>
        </Group>
        <Group justify="space-between" wrap="nowrap">
          <Group gap={6} wrap="nowrap">
            <IconAlertTriangle size={16} aria-hidden color="var(--mantine-color-red-text)" />
            <Text size="sm">{t('dashboard.high')}</Text>
          </Group>
          <Text size="sm" fw={700} data-testid="overview-fraud-high">
            {n(figure.high)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
