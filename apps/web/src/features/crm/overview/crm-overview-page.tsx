import { Card, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { contentReady } from '../../../components/content-ready.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useValueLabel } from '../../../components/status-badges.tsx';
import { formatInteger } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.ts';
import { useCrmOverview } from '../shared/crm-lists-api.ts';

type Count = { value: string | null; count: number };

function CountList({
  title,
  rows,
  link,
  label,
}: {
  title: string;
  rows: Count[];
  label?: (value: string | null) => string;
  link: (
    value: string | null,
  ) => { to: '/crm/customers' | '/crm/customers/kyc'; search: Record<string, string> } | null;
}) {
  const { t } = useTranslation('crm');
  const { locale } = useLanguage();
  return (
    <Card withBorder radius="md">
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      <Stack gap={4}>
        {rows.map((r) => {
          const target = link(r.value);
          const content = (
            <Group key={r.value ?? '∅'} justify="space-between">
              <Text size="sm">{label ? label(r.value) : (r.value ?? t('common.notSet'))}</Text>
              <Text size="sm" fw={600}>
                {formatInteger(locale, r.count)}
              </Text>
            </Group>
          );
          return target ? (
            <UnstyledButton
              key={r.value ?? '∅'}
              component={Link}
              to={target.to}
              search={target.search as never}
              px={6}
              py={2}
              style={{ borderRadius: 6 }}
              className="crm-count-link"
            >
              {content}
            </UnstyledButton>
          ) : (
            <div key={r.value ?? '∅'} style={{ padding: '2px 6px' }}>
              {content}
            </div>
          );
        })}
      </Stack>
    </Card>
  );
}

export function CrmOverviewPage() {
  const { t } = useTranslation(['crm', 'common']);
  const { locale } = useLanguage();
  const { data } = useCrmOverview();
  const valueLabel = useValueLabel();
  return (
    <>
      <PageHeader title={t('common:pages.crm')} description={t('overview.subtitle')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md" {...contentReady(data !== undefined)}>
        <Card withBorder radius="md">
          <Text size="sm" c="dimmed">
            {t('overview.total')}
          </Text>
          <Text fz={28} fw={700} data-testid="crm-total">
            {data ? formatInteger(locale, data.total) : '…'}
          </Text>
        </Card>
        <Card withBorder radius="md">
          <Text size="sm" c="dimmed">
            {t('overview.active')}
          </Text>
          <Text fz={28} fw={700}>
            {data ? formatInteger(locale, data.active) : '…'}
          </Text>
          <Text size="xs" c="dimmed">
            {t('overview.activeHint')}
          </Text>
        </Card>
      </SimpleGrid>
      {data && (
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <CountList
            title={t('overview.byStatus')}
            rows={data.byStatus}
            label={(v) => valueLabel('status', v)}
            link={(v) => (v ? { to: '/crm/customers', search: { status: v } } : null)}
          />
          <CountList
            title={t('overview.byKyc')}
            rows={data.byKycStatus}
            label={(v) => valueLabel('kyc', v)}
            link={(v) => ({ to: '/crm/customers', search: { kyc_status: v ?? 'kyc' } })}
          />
          <CountList
            title={t('overview.byType')}
            rows={data.byKycType}
            label={(v) => t(v === 'kyb' ? 'kycType.business' : 'kycType.individual')}
            link={(v) => ({ to: '/crm/customers/kyc', search: { kyc_type: v ?? 'kyc' } })}
          />
        </SimpleGrid>
      )}
    </>
  );
}
