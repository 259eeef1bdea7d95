import type { NotificationPreference } from '@backdesk/contract';
import { Alert, Card, Loader, Switch, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { contentReady } from '../../../components/content-ready.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorText } from '../../../lib/errors.ts';
import { useNotificationPreferences, useUpdateNotifications } from '../../../lib/member-settings.ts';
import { notify } from '../../../lib/notify.ts';

/** Asks the browser for its permission to show notifications; true once it is given. */
async function desktopAllowed(): Promise<'granted' | 'denied' | 'unsupported'> {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission === 'granted') return 'granted';
  if (Notification.permission === 'denied') return 'denied';
  return (await Notification.requestPermission()) === 'granted' ? 'granted' : 'denied';
}

const rowKey = (p: NotificationPreference) => (p.severity ? `${p.kind}.${p.severity}` : p.kind);

/**
 * `/settings/notifications`: which events reach the member's inbox and which also raise a desktop
 * notification. Each switch saves at once; turning a desktop notification on asks the browser first.
 */
export function NotificationsPage() {
  const { t } = useTranslation(['settings', 'common']);
  const prefs = useNotificationPreferences();
  const update = useUpdateNotifications();

  const eventName = (p: NotificationPreference) =>
    p.severity
      ? t('notifications.fraudAlert', { severity: t(`notifications.severities.${p.severity}`) })
      : t(`notifications.kinds.${p.kind}`);

  const save = async (next: NotificationPreference) => {
    try {
      await update.mutateAsync([next]);
      notify({ title: t('notifications.saved'), color: 'green' });
    } catch (error) {
      notify({ title: errorText(error), color: 'red' });
    }
  };

  const setInbox = (p: NotificationPreference, inbox: boolean) =>
    // No inbox entry, nothing to announce on the desktop either.
    save({ ...p, inbox, desktop: inbox && p.desktop });

  const setDesktop = async (p: NotificationPreference, desktop: boolean) => {
    if (desktop) {
      const allowed = await desktopAllowed();
      if (allowed !== 'granted') {
        const message =
          allowed === 'unsupported' ? 'notifications.unsupported' : 'notifications.permissionDenied';
        notify({ title: t(message), color: 'yellow' });
        return;
      }
    }
    await save({ ...p, desktop });
  };

  return (
    <>
      <PageHeader
        title={t('common:pages.notificationSettings')}
        description={t('notifications.description')}
      />
      {prefs.isError && <Alert color="red">{t('notifications.loadFailed')}</Alert>}
      {prefs.isPending && <Loader aria-label={t('common:nav.loadingPage')} />}
      {prefs.data && (
        <Card withBorder radius="md" padding="lg" maw={820} {...contentReady(true)}>
          <Table verticalSpacing="sm" data-testid="notification-preferences">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('notifications.event')}</Table.Th>
                <Table.Th w={140}>{t('notifications.inbox')}</Table.Th>
                <Table.Th w={200}>{t('notifications.desktop')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {prefs.data.map((p) => (
                <Table.Tr key={rowKey(p)} data-testid={`notify-${rowKey(p)}`}>
                  <Table.Td>{eventName(p)}</Table.Td>
                  <Table.Td>
                    <Switch
                      checked={p.inbox}
                      onChange={(e) => void setInbox(p, e.currentTarget.checked)}
                      aria-label={t('notifications.inboxFor', { event: eventName(p) })}
                      data-testid="inbox-switch"
                    />
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      checked={p.desktop}
                      disabled={!p.inbox}
                      onChange={(e) => void setDesktop(p, e.currentTarget.checked)}
                      aria-label={t('notifications.desktopFor', { event: eventName(p) })}
                      data-testid="desktop-switch"
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="sm" c="dimmed" mt="sm">
            {t('notifications.desktopNeedsInbox')}
          </Text>
        </Card>
      )}
    </>
  );
}
