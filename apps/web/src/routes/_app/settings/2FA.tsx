import { createFileRoute } from '@tanstack/react-router';
import i18next from 'i18next';
import { TwoFactorPage } from '../../../features/settings/two-factor/two-factor-page.tsx';

export const Route = createFileRoute('/_app/settings/2FA')({
  loader: () => i18next.loadNamespaces(['twofa', 'errors']),
  component: TwoFactorPage,
});
