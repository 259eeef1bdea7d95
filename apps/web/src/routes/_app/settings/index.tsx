import { createFileRoute } from '@tanstack/react-router';
import i18next from 'i18next';
import { SettingsPage } from '../../../features/settings/profile/settings-page.tsx';

export const Route = createFileRoute('/_app/settings/')({
  loader: () => i18next.loadNamespaces('settings'),
  component: SettingsPage,
});
