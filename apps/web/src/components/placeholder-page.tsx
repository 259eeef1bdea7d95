import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHammer } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type en from '../locales/en/common.json';
import { PageHeader } from './page-header.tsx';

export type PageTitleKey = keyof typeof en.pages;

/** A screen whose capability comes in a later release: its title and an honest note, never sample data. */
export function PlaceholderPage({ titleKey }: { titleKey: PageTitleKey }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(`pages.${titleKey}`)} />
      <Paper withBorder p="xl" radius="md" data-testid="placeholder">
        <Stack align="center" gap="xs" py="xl">
          <ThemeIcon size={44} radius="xl" variant="light" color="gray">
            <IconHammer size={22} stroke={1.6} />
          </ThemeIcon>
          <Text fw={600}>{t('placeholder.title')}</Text>
          <Text c="dimmed" size="sm" ta="center" maw={420}>
            {t('placeholder.body')}
          </Text>
        </Stack>
      </Paper>
    </>
  );
}
