import i18next from 'i18next';
import type { ReactNode } from 'react';
import { createLatch } from './latch.ts';

/** docs/product-rules.md R29: toasts close after 5 s; Mantine pauses the countdown while hovered. */
export const TOAST_AUTO_CLOSE_MS = 5000;

export interface Toast {
  title: ReactNode;
  description?: ReactNode;
  color?: 'green' | 'red' | 'yellow' | 'blue';
  /** Milliseconds before the toast closes. */
  timeout?: number;
}

/** The toast code loads with the first toast (see app/providers.tsx); this import shares its chunk. */
const loadNotifications = () => import('@mantine/notifications');

/** Opens with the first toast: app/providers.tsx mounts the toast stack then, not with every page. */
export const toastsWanted = createLatch();

/**
 * Shows a toast shaped like the Notification entity (docs/product-rules.md R29): the id is the current
 * timestamp. `shown` settles once the toast is in the stack, which renders it at once (or once it could
 * not be): a caller about to leave the page waits for it, so the toast is not taken away unseen.
 */
export function notify({ title, description, color, timeout = TOAST_AUTO_CLOSE_MS }: Toast): {
  id: string;
  shown: Promise<void>;
} {
  const id = Date.now().toString();
  toastsWanted.open();
  const shown = loadNotifications()
    .then(({ notifications }) => {
      notifications.show({
        id,
        title,
        message: description ?? '',
        color,
        autoClose: timeout,
        withBorder: true,
        // The × is an icon: it needs a name in the member's language (WCAG 4.1.2).
        closeButtonProps: { 'aria-label': i18next.t('common:actions.close') },
      });
    })
    .catch((error: unknown) => console.error('Toast could not be shown', error));
  return { id, shown };
}
