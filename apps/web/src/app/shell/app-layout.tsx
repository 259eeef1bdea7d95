import { AppShell, Burger, Group, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { type MouseEvent, type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Brand } from '../../components/brand.tsx';
import { ColorModeSwitch } from '../../components/color-mode-switch.tsx';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import classes from './app-layout.module.css';
import { CommandPaletteButton } from './command-palette/index.ts';
import { InboxIndicator } from './inbox-indicator.tsx';
import { MainNav } from './main-nav.tsx';

/** docs/product-rules.md R29: the header is 4rem high. */
export const HEADER_HEIGHT = '4rem';

/**
 * The default layout: header, area navigation (a drawer on small screens) and the page. Without
 * `navigation` (a member the sign-in gate holds) only the header and the page: nothing to open that
 * would be refused.
 */
export function AppLayout({
  userMenu,
  navigation = true,
  children,
}: {
  userMenu: ReactNode;
  navigation?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [navOpen, { toggle, close }] = useDisclosure(false);
  const main = useRef<HTMLElement>(null);
  // Focus moves into the page itself, so the next Tab continues there (a bare #hash would leave
  // focus in the header in some browsers, and the router owns the URL).
  const skipToMain = (event: MouseEvent) => {
    event.preventDefault();
    main.current?.focus();
  };

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      // A narrower sidebar and tighter padding leave a 1280–1440 px screen's width to the lists, so no
      // column, status or action is cut off (the longest labels still fit in 216 px).
      navbar={navigation ? { width: 216, breakpoint: 'sm', collapsed: { mobile: !navOpen } } : undefined}
      padding="md"
    >
      {/* WCAG 2.4.1: the first focusable element; visible only while focused. */}
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link to #main-content; the handler also moves focus there. */}
      <a href="#main-content" className={classes.skipLink} onClick={skipToMain}>
        {t('nav.skipToMain')}
      </a>
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {navigation && (
              <Burger
                opened={navOpen}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('nav.toggle')}
              />
            )}
            <Link to="/" className={classes.home}>
              <Brand />
            </Link>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {navigation && <CommandPaletteButton />}
            {navigation && <InboxIndicator />}
            <Group gap="xs" visibleFrom={navigation ? 'sm' : undefined} wrap="nowrap">
              <LanguageSwitch />
              <ColorModeSwitch />
            </Group>
            {userMenu}
          </Group>
        </Group>
      </AppShell.Header>
      {navigation && (
        <AppShell.Navbar className={classes.navbar} aria-label={t('nav.label')}>
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
      )}
      <AppShell.Main id="main-content" ref={main} tabIndex={-1} className={classes.main}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
