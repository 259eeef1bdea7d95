import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';

const SECTIONS = [
  { key: 'queue', to: '/compliance/travel-rule' },
  { key: 'vasps', to: '/compliance/travel-rule/vasps' },
  { key: 'selfHosted', to: '/compliance/travel-rule/self-hosted' },
  { key: 'rules', to: '/compliance/travel-rule/rules' },
] as const;

const TITLES = {
  queue: ['common:pages.travelRule', 'description'],
  vasps: ['common:pages.vasps', 'vaspsDescription'],
  selfHosted: ['common:pages.selfHostedWallets', 'selfHostedDescription'],
  rules: ['common:pages.travelRuleRules', 'rulesDescription'],
} as const;

/**
 * The frame of the travel rule's pages: the queue, the VASP directory, the self-hosted wallets and the
 * rules, each its own URL.
 */
export function TravelRuleSection({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation(['travelRule', 'common']);
  const navigate = useNavigate();
  const pathname = useLocation({ select: (l) => l.pathname });
  const active = SECTIONS.slice(1).find((s) => pathname.startsWith(s.to))?.key ?? 'queue';
  const [title, description] = TITLES[active];
  return (
    <>
      <PageHeader title={t(title)} description={t(description)} actions={actions} />
      <Tabs
        value={active}
        onChange={(value) => {
          const section = SECTIONS.find((s) => s.key === value);
          if (section) void navigate({ to: section.to, search: {} as never });
        }}
        keepMounted={false}
        mb="md"
      >
        <Tabs.List aria-label={t('title')}>
          {SECTIONS.map((s) => (
            <Tabs.Tab key={s.key} value={s.key} data-testid={`travel-rule-tab-${s.key}`}>
              {t(`tabs.${s.key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {children}
    </>
  );
}
