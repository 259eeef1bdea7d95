import { MantineProvider } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { colorModeManager } from '../lib/color-mode.ts';
import { TOAST_AUTO_CLOSE_MS } from '../lib/notify.ts';
import { theme } from './theme.ts';

const colorSchemeManager = colorModeManager();

// Neither the toast renderer nor the loading bar is needed to paint or use a page, so they load right
// after; a toast raised before its renderer arrives waits in Mantine's store and shows on mount.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

const NavigationProgress = lazy(() =>
  import('@mantine/nprogress').then((module) => ({ default: module.NavigationProgress })),
);

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
      <Suspense fallback={null}>
        <NavigationProgress size={3} />
        {/* Bottom left: a dialog's buttons sit at its bottom right (and a drawer on the right), so a
            toast about the dialog's action never covers them; above the overlay, so it stays legible. */}
        <Notifications position="bottom-left" autoClose={TOAST_AUTO_CLOSE_MS} limit={5} zIndex={1000} />
      </Suspense>
      {children}
    </MantineProvider>
  );
}
