import type { KycCase } from '@backdesk/contract';
import { Button, Text } from '@mantine/core';
import { IconPlayerTrackNext } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListPage, useListSearch } from '../../../components/list-page/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { CaseActions } from './case-actions.tsx';
import { useKycSettings } from './kyc-api.ts';
import { kycQueueList } from './kyc-queue-list.tsx';
import { useNextCase } from './next-case.ts';
import { prefetchReview, ReviewDrawer } from './review/review-drawer.tsx';

/** The queue, oldest first; "Next case" claims the oldest unassigned case and opens it. */
export function KycManagePage() {
  const { t } = useTranslation(['compliance', 'common']);
  const { search, set } = useListSearch();
  const customerId = Number(search.case) || undefined;
  const settings = useKycSettings();
  const client = useQueryClient();
  const show = (c: KycCase) => set({ case: String(c.customer_id) });
  const nextCase = useNextCase(show, (c, firstDocumentId) =>
    prefetchReview(client, c.customer_id, firstDocumentId ?? undefined),
  );

  return (
    <>
      <PageHeader
        title={t('common:pages.kycManage')}
        description={
          <>
            {t('manage.subtitle')}
            {settings.data && (
              <Text span size="sm" c="dimmed" ml={6} data-testid="sla-hours">
                {t('sla.hint', { hours: settings.data.sla_hours })}
              </Text>
            )}
          </>
        }
        actions={
          nextCase && (
            <Button
              leftSection={<IconPlayerTrackNext size={16} />}
              loading={nextCase.loading}
              onClick={nextCase.open}
              title={t('manage.nextCaseHint')}
              data-testid="next-case"
            >
              {t('manage.nextCase')}
            </Button>
          )
        }
      />
      <ListPage
        list={kycQueueList}
        emptyText={t('manage.empty')}
        onRowOpen={(c) => {
          prefetchReview(client, c.customer_id).catch(() => {}); // the drawer shows its own failure
          show(c);
        }}
        // A click or Enter on the row opens the case; the buttons act on it without opening it.
        rowActions={(c) => <CaseActions kycCase={c} />}
      />
      <ReviewDrawer
        target={customerId ? { customerId } : null}
        onClose={() => set({ case: undefined })}
        nextCase={nextCase}
      />
    </>
  );
}
