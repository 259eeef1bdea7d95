import { Badge, Button, VisuallyHidden } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInboxSummary } from '../../features/inbox/inbox-api.ts';
import { liveEvents } from '../../features/inbox/live-events.ts';
import { formatInteger } from '../../lib/format.ts';
import { useLanguage } from '../../lib/language.ts';
import { useNotificationPreferences } from '../../lib/member-settings.ts';

/** Shows a desktop notification for new work of the kinds the member asked for (settings/notifications). */
function useDesktopNotifications() {
  const { t } = useTranslation('inbox');
  const preferences = useNotificationPreferences();
  const wanted = useRef(new Set<string>());
  wanted.current = new Set(
    (preferences.data ?? [])
      .filter((p) => p.inbox && p.desktop)
      .map((p) => (p.severity ? `${p.kind}:${p.severity}` : p.kind)),
  );
  useEffect(
    () =>
      liveEvents.subscribe((event) => {
        const data = event.data ?? {};
        if (event.topic !== 'inbox' || data.action !== 'opened' || typeof data.kind !== 'string') return;
        const key = typeof data.severity === 'string' ? `${data.kind}:${data.severity}` : data.kind;
        if (!wanted.current.has(key) || typeof Notification === 'undefined') return;
        if (Notification.permission !== 'granted') return;
        // The tag lets the system show one notification however many tabs are open.
        new Notification(
          t('header.desktopTitle', { kind: t(`kinds.${data.kind}` as 'kinds.system_notice') }),
          {
            tag: `backdesk-inbox-${String(data.id)}`,
          },
        );
      }),
    [t],
  );
}

/**
 * The header's link to the inbox with the unread count, kept live over the tab's event stream, and
 * a polite live region that tells screen-reader users when the count changes.
 */
export function InboxIndicator() {
  const { t } = useTranslation('inbox');
  const { locale } = useLanguage();
  const client = useQueryClient();
  useEffect(() => liveEvents.start(client), [client]);
  useDesktopNotifications();
  const summary = useInboxSummary();
  const unread = summary.data?.unread;
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (unread === undefined) return;
    // The first count is on screen already; only a change is news.
    if (previous.current !== undefined && previous.current !== unread)
      setAnnouncement(t('header.announce', { count: unread, shown: formatInteger(locale, unread) }));
    previous.current = unread;
  }, [unread, t, locale]);

  const count = unread ?? 0;
  // The name repeats the badge's digits as shown (WCAG 2.5.3, label in name).
  const shown = formatInteger(locale, count);
  return (
    <>
      <Button
        component={Link}
        to="/inbox"
        variant="subtle"
        color="gray"
        size="compact-md"
        px={6}
        aria-label={t('header.link', { count, shown })}
        data-testid="inbox-indicator"
        data-unread={count}
        rightSection={
          count > 0 ? (
            <Badge size="sm" color="red" variant="filled" data-testid="inbox-unread-count">
              {shown}
            </Badge>
          ) : undefined
        }
      >
        <IconInbox size={20} aria-hidden />
      </Button>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="inbox-announcement">
        {announcement}
      </VisuallyHidden>
    </>
  );
}
