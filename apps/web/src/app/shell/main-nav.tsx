import { NavLink, type NavLinkProps, Stack, Text } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/can.ts';
import classes from './main-nav.module.css';
import { navigationFor } from './navigation.ts';

// Mantine's polymorphic NavLink fixed to an anchor, so the router can type and drive it.
function NavAnchor(props: Omit<NavLinkProps, 'href'> & Omit<ComponentPropsWithRef<'a'>, 'color' | 'style'>) {
  return <NavLink component="a" {...props} />;
}
const RouterNavLink = createLink(NavAnchor);

/** A link is current only on its own page: an overview must not light up for its children. */
const EXACT = { exact: true, includeSearch: false } as const;
const WITH_SUBPAGES = { exact: false, includeSearch: false } as const;

export function MainNav({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const can = useCan();

  return (
    // The navbar around it is the navigation landmark (AppShell.Navbar renders a labelled <nav>).
    <Stack gap={2} className={classes.nav}>
      {navigationFor(can).map((entry) =>
        entry.kind === 'link' ? (
          <RouterNavLink
            key={entry.to}
            to={entry.to}
            label={t(`nav.items.${entry.label}`)}
            leftSection={<entry.icon size={18} stroke={1.6} />}
            activeOptions={EXACT}
            className={classes.link}
            onClick={onNavigate}
          />
        ) : (
          <div key={entry.group} className={classes.group} data-nav-group={entry.group}>
            <Text className={classes.groupLabel} component="div">
              <entry.icon size={14} stroke={1.8} aria-hidden />
              {t(`nav.groups.${entry.group}`)}
            </Text>
            {entry.items.map((item) => (
              <RouterNavLink
                key={item.to}
                to={item.to}
                label={t(`nav.items.${item.label}`)}
                activeOptions={item.withSubpages ? WITH_SUBPAGES : EXACT}
                className={classes.link}
                onClick={onNavigate}
                data-nested
              />
            ))}
          </div>
        ),
      )}
    </Stack>
  );
}
