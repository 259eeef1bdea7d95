import type { QueueFigure } from '@backdesk/contract';
import { Alert, Anchor, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconClockExclamation, IconUserQuestion } from '@tabler/icons-react';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contentReady } from '../../../components/content-ready.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { ageText } from '../../../lib/compliance-format.ts';
import { errorText } from '../../../lib/errors.ts';
import { formatInteger } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatDay } from '../../../lib/locale-format.ts';
import { FraudQueueCard } from '../fraud/summary/fraud-queue-card.tsx';
import { useComplianceOverview } from '../kyc/kyc-api.ts';

type Target = Pick<LinkProps, 'to' | 'search'>;

/** One figure of a queue, linking to the queue filtered to exactly what it counts. */
function Figure({
  label,
  value,
  target,
  icon,
  testId,
}: {
  label: string;
  value: ReactNode;
  target: Target;
  icon?: ReactNode;
  testId: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Group gap={6} wrap="nowrap">
        {icon}
        <Anchor
          size="sm"
          renderRoot={(props) => <Link {...props} {...(target as object)} />}
          data-testid={testId}
        >
          {label}
        </Anchor>
      </Group>
      <Text size="sm" fw={700}>
        {value}
      </Text>
    </Group>
  );
}

function QueueCard({
  title,
  figure,
  all,
  breached,
  unassigned,
  openLabel,
  testId,
}: {
  title: string;
  openLabel: string;
  figure: QueueFigure;
  all: Target;
  breached: Target;
  unassigned: Target;
  testId: string;
}) {
  const { t } = useTranslation('compliance');
  const { locale } = useLanguage();
  const n = (value: number) => formatInteger(locale, value);
  const oldest = figure.oldest_since
    ? ageText(t, (Date.now() - Date.parse(figure.oldest_since)) / 1000)
    : t('overview.nothingWaiting');
  return (
    <Card withBorder radius="md" data-testid={testId}>
      <Title order={2} fz="md" mb="xs">
        {title}
      </Title>
      <Text fz={30} fw={700} lh={1.1} data-testid={`${testId}-open`}>
        {n(figure.open)}
      </Text>
      <Text size="sm" c="dimmed" mb="sm">
        {t('overview.waiting')} · {t('overview.oldest')}: {oldest}
      </Text>
      <Stack gap={6}>
        <Figure label={openLabel} value={n(figure.open)} target={all} testId={`${testId}-link`} />
        <Figure
          label={t('overview.unassigned')}
          value={n(figure.unassigned)}
          target={unassigned}
          icon={<IconUserQuestion size={16} aria-hidden />}
          testId={`${testId}-unassigned`}
        />
        <Figure
          label={t('overview.dueSoon')}
          value={n(figure.due_soon)}
          target={{ ...all, search: { ...(all.search as object), sla: 'due_soon' } } as Target}
          icon={<IconClockExclamation size={16} aria-hidden color="var(--mantine-color-orange-text)" />}
          testId={`${testId}-due-soon`}
        />
        <Figure
          label={t('overview.breaches')}
          value={n(figure.breached)}
          target={breached}
          icon={<IconAlertTriangle size={16} aria-hidden color="var(--mantine-color-red-text)" />}
          testId={`${testId}-breached`}
        />
      </Stack>
    </Card>
  );
}

export function ComplianceOverviewPage() {
  const { t } = useTranslation(['compliance', 'common']);
  const { locale } = useLanguage();
  const overview = useComplianceOverview();
  const data = overview.data;
  const n = (value: number) => formatInteger(locale, value);
  return (
    <>
      <PageHeader
        title={t('common:pages.compliance')}
        description={
          <>
            {t('overview.subtitle')} {data && t('sla.hint', { hours: data.sla_hours })}
          </>
        }
      />
      {overview.isError && <Alert color="red">{errorText(overview.error)}</Alert>}
      {data && (
        <Stack {...contentReady(true)}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <QueueCard
              title={t('overview.kycCases')}
              figure={data.kyc_cases}
              openLabel={t('overview.openQueue')}
              all={{ to: '/compliance/kyc-manage', search: {} as never }}
              breached={{ to: '/compliance/kyc-manage', search: { sla: 'breached' } as never }}
              unassigned={{ to: '/compliance/kyc-manage', search: { assignee: 'unassigned' } as never }}
              testId="overview-cases"
            />
            <QueueCard
              title={t('overview.documents')}
              figure={data.kyc_documents}
              openLabel={t('overview.openDocuments')}
              all={{ to: '/compliance/kyc-docs', search: { status: 'pending' } as never }}
              breached={{ to: '/compliance/kyc-manage', search: { sla: 'breached' } as never }}
              unassigned={{ to: '/compliance/kyc-manage', search: { assignee: 'unassigned' } as never }}
              testId="overview-documents"
            />
            <FraudQueueCard figure={data.fraud_alerts} />
          </SimpleGrid>
          <Card withBorder radius="md">
            <Group justify="space-between" mb="xs">
              <Title order={2} fz="md">
                {t('overview.decisionsThisWeek')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('overview.weekFrom', { date: formatDay(locale, data.week_starts_at) })}
              </Text>
            </Group>
            {data.decisions_this_week.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('overview.noDecisions')}
              </Text>
            ) : (
              <Table striped data-testid="officer-decisions">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('overview.officer')}</Table.Th>
                    <Table.Th ta="right">{t('overview.approved')}</Table.Th>
                    <Table.Th ta="right">{t('overview.rejected')}</Table.Th>
                    <Table.Th ta="right">{t('overview.resubmission')}</Table.Th>
                    <Table.Th ta="right">{t('overview.levels')}</Table.Th>
                    <Table.Th ta="right">{t('overview.total')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.decisions_this_week.map((row) => (
                    <Table.Tr key={row.member.id}>
                      <Table.Td>{row.member.display_name}</Table.Td>
                      <Table.Td ta="right">{n(row.approved)}</Table.Td>
                      <Table.Td ta="right">{n(row.rejected)}</Table.Td>
                      <Table.Td ta="right">{n(row.resubmission_requested)}</Table.Td>
                      <Table.Td ta="right">{n(row.levels)}</Table.Td>
                      <Table.Td ta="right" fw={700}>
                        {n(row.total)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Card>
        </Stack>
      )}
    </>
  );
}
