import { createFileRoute } from '@tanstack/react-router';
import i18next from 'i18next';
import { NotificationsPage } from '../../../features/settings/notifications/notifications-page.tsx';

export const Route = createFileRoute('/_app/settings/notifications')({
  loader: () => i18next.loadNamespaces('settings'),
  component: NotificationsPage,
});
