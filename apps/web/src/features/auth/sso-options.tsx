import * as authRoutes from '@backdesk/contract/routes/auth';
import { Alert, Button, Divider, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../lib/api.ts';
import { authEndpointRef, checkedBy } from '../../lib/contract.ts';
import { checkSsoProviders } from './auth-answers.ts';

const providersEndpoint = checkedBy(authEndpointRef(authRoutes.listSsoProviders), checkSsoProviders);
const START_PATH = '/api/auth/sso/start';

type Providers = { items: { id: string; name: string }[]; password: boolean };

const KNOWN_ERRORS = new Set([
  'SSO_PROVIDER_UNKNOWN',
  'SSO_PROVIDER_UNAVAILABLE',
  'SSO_FAILED',
  'SSO_MFA_REQUIRED',
  'ACCESS_DENIED',
  'LOGIN_FAILED',
]);

/** Why the provider's sign-in came back refused (`?sso_error=` on /login), read once. */
const ssoError = () => new URLSearchParams(window.location.search).get('sso_error');

/**
 * "Sign in with …" for each identity provider (docs/sso.md): a plain link, since the sign-in is a
 * round trip through the provider's pages. Nothing is drawn when none is configured.
 */
export function SsoOptions() {
  const { t } = useTranslation('auth');
  const [providers, setProviders] = useState<Providers | null>(null);
  const [error] = useState(ssoError);
  useEffect(() => {
    const aborted = new AbortController();
    callEndpoint(providersEndpoint, { signal: aborted.signal })
      .then(setProviders)
      .catch(() => {});
    return () => aborted.abort();
  }, []);

  if (!error && !providers?.items.length) return null;
  return (
    <Stack gap="sm" mb="md" data-testid="sso-options">
      {error && (
        <Alert color="red" variant="light" data-testid="sso-error">
          {t(`sso.errors.${KNOWN_ERRORS.has(error) ? (error as 'SSO_FAILED') : 'default'}`)}
        </Alert>
      )}
      {providers?.items.map((p) => (
        <Button
          key={p.id}
          component="a"
          href={`${START_PATH}?provider=${encodeURIComponent(p.id)}`}
          variant="default"
          fullWidth
          size="md"
          data-testid={`sso-${p.id}`}
        >
          {t('sso.signInWith', { name: p.name })}
        </Button>
      ))}
      {providers && providers.items.length > 0 && (
        <>
          {!providers.password && (
            <Text size="xs" c="dimmed">
              {t('sso.passwordBreakGlass')}
            </Text>
          )}
          <Divider label={t('sso.or')} labelPosition="center" />
        </>
      )}
    </Stack>
  );
}
