import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { RetentionSetting } from '../../../components/retention-setting.tsx';
import { callLogList } from './call-log-list.tsx';
import { BackToIntegrations } from './integration-parts.tsx';
import { integrationsEndpoints } from './integrations-api.ts';

/**
 * `/settings/integrations/calls` (super only, R68): every request of the public API, one row per
 * request (a batch counts its items), in a log of its own with its own retention.
 */
export function CallLogPage() {
  const { t } = useTranslation(['settings', 'common']);
  return (
    <>
      <BackToIntegrations />
      <PageHeader
        title={t('common:pages.integrationCalls')}
        description={t('integrations.calls.description')}
      />
      <Stack gap="sm">
        <ListPage list={callLogList} emptyText={t('integrations.calls.empty')} />
        <RetentionSetting
          queryKey={['integrations', 'retention']}
          get={integrationsEndpoints.retention}
          set={integrationsEndpoints.setRetention}
          texts="settings:integrations.retention"
        />
      </Stack>
    </>
  );
}
