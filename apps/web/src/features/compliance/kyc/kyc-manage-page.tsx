import type { KycCase } from '@backdesk/contract';
import { Button, Text } from '@mantine/core';
import { IconPlayerTrackNext } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, useListSearch } from '../../../components/list-page/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCan } from '../../../lib/can.ts';
import { errorText } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';
import { CaseActions } from './case-actions.tsx';
import { complianceEndpoints } from './endpoints.ts';
import { useCaseActions, useKycSettings } from './kyc-api.ts';
import { kycQueueList } from './kyc-queue-list.tsx';
import { ReviewDrawer } from './review/review-drawer.tsx';

/** The queue, oldest first; "Next case" claims the oldest unassigned case and opens it. */
export function KycManagePage() {
  const { t } = useTranslation(['compliance', 'common']);
  const can = useCan();
  const { search, set } = useListSearch();
  const customerId = Number(search.case) || undefined;
  const { next } = useCaseActions();
  const settings = useKycSettings();
  // One key per press: a retried request claims once, a new press claims the next case.
  const [pressKey, setPressKey] = useState(() => crypto.randomUUID());
  const open = (c: KycCase) => set({ case: String(c.customer_id) });

  const claimNext = () =>
    next.mutate(pressKey, {
      onSuccess: ({ case: claimed }) => {
        setPressKey(crypto.randomUUID());
        if (claimed) open(claimed);
        else notify({ title: t('manage.noNextCase'), color: 'blue' });
      },
      onError: (error) => notify({ title: errorText(error), color: 'red' }),
    });

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
          can(complianceEndpoints.next) && (
            <Button
              leftSection={<IconPlayerTrackNext size={16} />}
              loading={next.isPending}
              onClick={claimNext}
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
        onRowOpen={open}
        // A click or Enter on the row opens the case; the buttons act on it without opening it.
        rowActions={(c) => <CaseActions kycCase={c} />}
      />
      <ReviewDrawer target={customerId ? { customerId } : null} onClose={() => set({ case: undefined })} />
    </>
  );
}
