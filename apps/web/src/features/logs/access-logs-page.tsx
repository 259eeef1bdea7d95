import type { LogTab } from '@backdesk/contract/access-log';
import { Stack, Tabs } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page/index.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { RetentionSetting } from '../../components/retention-setting.tsx';
import { accessLogList } from './access-log-list.tsx';
import { auditTrailList } from './audit-trail-list.tsx';
import { logsEndpoints } from './logs-api.ts';
import { VerifyChain } from './verify-chain.tsx';

/** /logs/access: the access log and the audit trail, each a list with its own filters in the URL. */
export function AccessLogsPage() {
  const { t } = useTranslation(['logs', 'common']);
  const { tab = 'access' } = useSearch({ strict: false }) as { tab?: LogTab };
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('common:pages.accessLogs')} description={t('logs:subtitle')} />
      <Tabs
        value={tab}
        // A tab has its own filters: switching starts from the other list's defaults.
        onChange={(next) =>
          void navigate({ to: '/logs/access', search: next === 'audit' ? { tab: 'audit' } : {} } as never)
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="access" data-testid="tab-access">
            {t('logs:tabs.access')}
          </Tabs.Tab>
          <Tabs.Tab value="audit" data-testid="tab-audit">
            {t('logs:tabs.audit')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="access">
          <Stack gap="sm">
            <VerifyChain log="access" />
            <ListPage list={accessLogList} emptyText={t('logs:emptyAccess')} />
            <RetentionSetting
              queryKey={['logs', 'retention']}
              get={logsEndpoints.retention}
              set={logsEndpoints.setRetention}
              texts="logs:retention"
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="audit">
          <VerifyChain log="audit" />
          <ListPage list={auditTrailList} emptyText={t('logs:emptyAudit')} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
