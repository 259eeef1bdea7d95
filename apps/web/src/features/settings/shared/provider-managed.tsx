import { Alert } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../lib/auth-store.ts';

/** Whether the signed-in member's password and second factor are their identity provider's (SSO, SCIM). */
export function useProviderManaged(): boolean {
  const source = useAuth().user?.source;
  return source !== undefined && source !== 'local';
}

/** Said where a provider's member would change their password or second factor: at the provider. */
export function ProviderManagedNotice({ what }: { what: 'password' | 'twoFactor' }) {
  const { t } = useTranslation('settings');
  return (
    <Alert color="blue" icon={<IconBuildingBank size={18} />} data-testid="provider-managed">
      {t(`providerManaged.${what}`)}
    </Alert>
  );
}
