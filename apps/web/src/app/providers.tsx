import { MantineProvider } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { colorModeManager } from '../lib/color-mode.ts';
import type { Latch } from '../lib/latch.ts';
import { TOAST_AUTO_CLOSE_MS, toastsWanted } from '../lib/notify.ts';
import { progressBarMounted, progressBarWanted } from './progress-bar.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const colorSchemeManager = colorModeManager();

// Neither the toast renderer nor the loading bar is needed to paint or use a page, so each loads and
// mounts the first time it is wanted (the sign-in page stays within its script budget, decision 0022); a
// toast or a started bar waits in Mantine's store and shows on mount.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

// The bar is a progressbar to assistive technology, so it carries a name (WCAG 4.1.2).
const NavigationProgress = lazy(() =>
  import('@mantine/nprogress').then((module) => ({
    default: function LoadingBar() {
      const { t } = useTranslation();
      useEffect(progressBarMounted, []);
      return <module.NavigationProgress size={3} aria-label={t('nav.loadingPage')} />;
    },
  })),
);

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <Suspense fallback={null}>
        <WhenWanted latch={progressBarWanted}>
          <NavigationProgress />
        </WhenWanted>
        {/* Bottom left: a dialog's buttons sit at its bottom right (and a drawer on the right), so a
            toast about the dialog's action never covers them; above the overlay, so it stays legible. */}
        <WhenWanted latch={toastsWanted}>
          <Notifications position="bottom-left" autoClose={TOAST_AUTO_CLOSE_MS} limit={5} zIndex={1000} />
        </WhenWanted>
      </Suspense>
      {children}
    </MantineProvider>
  );
}

function WhenWanted({ latch, children }: { latch: Latch; children: ReactNode }) {
  return useSyncExternalStore(latch.subscribe, latch.isOpen) ? children : null;
}
