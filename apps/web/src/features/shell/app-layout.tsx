import { AppShell, Burger, Group, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../components/brand.tsx';
import { ColorModeSwitch } from '../../components/color-mode-switch.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import classes from './app-layout.module.css';
import { MainNav } from './main-nav.tsx';

/** docs/product-rules.md R29: the header is 4rem high. */
export const HEADER_HEIGHT = '4rem';

/** The default layout: header, area navigation (a drawer on small screens) and the page. */
export function AppLayout({ userMenu, children }: { userMenu: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const [navOpen, { toggle, close }] = useDisclosure(false);

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 252, breakpoint: 'sm', collapsed: { mobile: !navOpen } }}
      padding="lg"
    >
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpen}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('nav.toggle')}
            />
            <Link to="/" className={classes.home}>
              <Brand />
            </Link>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Group gap="xs" visibleFrom="sm" wrap="nowrap">
              <LanguageSwitch />
              <ColorModeSwitch />
            </Group>
            {userMenu}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar className={classes.navbar}>
        <AppShell.Section grow component={ScrollArea} scrollbarSize={6}>
          {/* On small screens the navigation covers the page: close it once a screen is picked. */}
          <MainNav onNavigate={close} />
        </AppShell.Section>
        <AppShell.Section hiddenFrom="sm" p="md" className={classes.navFooter}>
          <Group gap="xs">
            <LanguageSwitch />
            <ColorModeSwitch />
          </Group>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>{children}</AppShell.Main>
    </AppShell>
  );
}
