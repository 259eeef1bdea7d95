import { Alert, Badge, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contentReady } from '../../../components/content-ready.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { useCan } from '../../../lib/can.ts';
import { ProviderManagedNotice, useProviderManaged } from '../shared/provider-managed.tsx';
import { DisableCard } from './disable-card.tsx';
import { PasskeysCard } from './passkeys-card.tsx';
import { RecoveryCard } from './recovery-card.tsx';
import { RecoveryCodesPanel } from './recovery-codes-panel.tsx';
import { RequirementCard } from './requirement-card.tsx';
import { TotpCard } from './totp-card.tsx';
import { twoFactorEndpoints } from './two-factor-api.ts';
import { useAfterChange, useTwoFactorStatus } from './use-two-factor.ts';

/** /settings/2FA: the member's second factors, recovery codes, turning off, and a super's requirement. */
export function TwoFactorPage() {
  const { t } = useTranslation(['twofa', 'common']);
  const { user } = useAuth();
  const can = useCan();
  const query = useTwoFactorStatus();
  const afterChange = useAfterChange(user?.id);
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  const status = query.data;
  const managed = useProviderManaged();

  return (
    <>
      <PageHeader
        title={t('common:pages.twoFactor')}
        description={t('page.description')}
        actions={
          status &&
          !managed && (
            <Badge
              size="lg"
              variant="light"
              color={status.enabled ? 'green' : 'gray'}
              data-testid="two-factor-state"
            >
              {status.enabled ? t('page.on') : t('page.off')}
            </Badge>
          )
        }
      />
      {!status ? (
        query.isError ? (
          <Alert color="red" title={t('page.loadFailed')}>
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('page.retry')}
            </Button>
          </Alert>
        ) : (
          <Center py="xl" aria-label={t('page.loading')}>
            <Loader size="sm" />
          </Center>
        )
      ) : (
        <Stack gap="lg" maw={760} {...contentReady(true)}>
          {user?.required_action === 'enrol_two_factor' && (
            <Alert color="yellow" icon={<IconShieldLock size={18} />} data-testid="two-factor-required">
              {t('page.requiredNotice')}
            </Alert>
          )}
          {!managed && (
            <Text size="sm" data-testid="two-factor-summary">
              {status.enabled ? t('page.statusOn') : t('page.statusOff')}
            </Text>
          )}
          {freshCodes && (
            <RecoveryCodesPanel
              codes={freshCodes}
              userName={user?.user_name ?? ''}
              onDone={() => setFreshCodes(null)}
            />
          )}
          {managed ? (
            <ProviderManagedNotice what="twoFactor" />
          ) : (
            <>
              <TotpCard status={status} onChanged={afterChange} onRecoveryCodes={setFreshCodes} />
              <PasskeysCard status={status} onChanged={afterChange} onRecoveryCodes={setFreshCodes} />
            </>
          )}
          {status.enabled && (
            <RecoveryCard status={status} onChanged={afterChange} onRecoveryCodes={setFreshCodes} />
          )}
          {status.enabled && <DisableCard status={status} onChanged={afterChange} />}
          {can(twoFactorEndpoints.setRequirement) && (
            <RequirementCard status={status} onChanged={afterChange} />
          )}
        </Stack>
      )}
    </>
  );
}
