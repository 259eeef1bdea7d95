import { REPORT_NAMES } from '@backdesk/contract/reports/keys';
import { Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { contentReady } from '../../components/content-ready.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { REPORT_META } from './report-meta.ts';

/** `/reports`: the eight reports, each with what it answers in one line. */
export function ReportsIndexPage() {
  const { t } = useTranslation(['reports', 'common']);
  return (
    <>
      <PageHeader title={t('common:pages.reports')} description={t('indexSubtitle')} />
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="md"
        data-testid="reports-index"
        {...contentReady(true)}
      >
        {REPORT_NAMES.map((name) => (
          <UnstyledButton
            key={name}
            component={Link}
            to={`/reports/${name}`}
            data-testid={`report-link-${name}`}
          >
            <Paper withBorder p="md" radius="md" h="100%">
              <Text
                fw={600}
                style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}
              >
                {t(`common:pages.${REPORT_META[name].titleKey}`)}
                <IconChevronRight size={16} aria-hidden />
              </Text>
              <Text size="sm" c="dimmed" mt={4}>
                {t(`descriptions.${name}`)}
              </Text>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </>
  );
}
