import type { CustomerKyc } from '@backdesk/contract';
import { Anchor, Card, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { KycBadge } from '../../../../components/status-badges.tsx';
import { useLanguage } from '../../../../lib/language.ts';
import { formatDay } from '../../../../lib/locale-format.ts';

/** A labelled value of the review's side cards. */
export function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** What the customer declared, beside the document it must match. */
export function ProfileCard({ kyc }: { kyc: CustomerKyc }) {
  const { t } = useTranslation('compliance');
  const { locale } = useLanguage();
  const { customer, profile } = kyc;
  const notGiven = (
    <Text span size="sm" c="dimmed" fs="italic">
      {t('profile.notGiven')}
    </Text>
  );
  return (
    <Card withBorder radius="md" padding="sm" data-testid="review-profile">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={3} fz="sm">
          {t('viewer.profile')}
        </Title>
        <Anchor
          size="xs"
          renderRoot={(props) => (
            <Link {...props} to="/crm/customers/$customerId" params={{ customerId: customer.id }} />
          )}
        >
          {t('viewer.openCustomer')}
        </Anchor>
      </Group>
      <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
        <Field label={t('profile.name')} wide>
          <Text span fw={600} size="md" data-testid="profile-name">
            {profile.full_name ?? customer.customer_name ?? notGiven}
          </Text>
        </Field>
        <Field label={t('profile.birthDate')}>
          {profile.birth_date ? formatDay(locale, profile.birth_date) : notGiven}
        </Field>
        <Field label={t('profile.nationality')}>{profile.nationality ?? notGiven}</Field>
        <Field label={t('profile.address')} wide>
          {profile.address ?? notGiven}
        </Field>
        <Field label={t('profile.userName')}>{customer.user_name}</Field>
        <Field label={t('profile.kycStatus')}>
          <KycBadge status={customer.kyc_status} />
        </Field>
      </SimpleGrid>
    </Card>
  );
}
