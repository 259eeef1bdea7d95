import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';

const SECTIONS = [
  { key: 'queue', to: '/compliance/travel-rule' },
  { key: 'vasps', to: '/compliance/travel-rule/vasps' },
] as const;

/** The frame of the travel rule's pages: the queue and the VASP directory, each its own URL. */
export function TravelRuleSection({ children }: { children: ReactNode }) {
  const { t } = useTranslation(['travelRule', 'common']);
  const navigate = useNavigate();
  const pathname = useLocation({ select: (l) => l.pathname });
  const active = pathname.startsWith('/compliance/travel-rule/vasps') ? 'vasps' : 'queue';
  return (
    <>
      <PageHeader
        title={active === 'queue' ? t('common:pages.travelRule') : t('common:pages.vasps')}
        description={active === 'queue' ? t('description') : t('vaspsDescription')}
      />
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
