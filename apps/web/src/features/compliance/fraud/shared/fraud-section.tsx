import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../../components/page-header.tsx';

/** Fraud check's parts, each its own page (and URL) under the one Fraud Check route (R5). */
export const FRAUD_SECTIONS = [
  { key: 'alerts', to: '/compliance/fraud-check' },
  { key: 'cases', to: '/compliance/fraud-check/cases' },
  { key: 'rules', to: '/compliance/fraud-check/rules' },
  { key: 'blocklist', to: '/compliance/fraud-check/blocklist' },
  { key: 'screening', to: '/compliance/fraud-check/screening' },
  { key: 'runs', to: '/compliance/fraud-check/runs' },
] as const;
export type FraudSectionKey = (typeof FRAUD_SECTIONS)[number]['key'];

const sectionOf = (pathname: string): FraudSectionKey =>
  [...FRAUD_SECTIONS].reverse().find((s) => pathname.startsWith(s.to))?.key ?? 'alerts';

/**
 * The frame of every fraud-check page: the section's title, the part's own name and description under
 * it, and the links between the parts.
 */
export function FraudSection({ actions, children }: { actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation(['fraud', 'common']);
  const navigate = useNavigate();
  const active = sectionOf(useLocation({ select: (l) => l.pathname }));
  return (
    <>
      <PageHeader
        title={
          active === 'alerts'
            ? t('common:pages.fraudCheck')
            : `${t(`fraud:sections.${active}.title`)} · ${t('common:pages.fraudCheck')}`
        }
        description={t(`fraud:sections.${active}.description`)}
        actions={actions}
      />
      <Tabs
        value={active}
        onChange={(next) => {
          const section = FRAUD_SECTIONS.find((s) => s.key === next);
          if (section) void navigate({ to: section.to });
        }}
        keepMounted={false}
        mb="md"
      >
        <Tabs.List aria-label={t('fraud:sectionsLabel')}>
          {FRAUD_SECTIONS.map((s) => (
            <Tabs.Tab key={s.key} value={s.key} data-testid={`fraud-tab-${s.key}`}>
              {t(`fraud:sections.${s.key}.title`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {children}
    </>
  );
}
