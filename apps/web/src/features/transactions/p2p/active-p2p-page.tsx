import type { MarketOffer } from '@backdesk/contract';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRecordHistory } from '../../../components/audit-trail/index.ts';
import { ListPage, useListSearch } from '../../../components/list-page/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCan } from '../../../lib/can.ts';
import { errorText } from '../../../lib/errors.ts';
import { useActionKeys } from '../../../lib/idempotency.ts';
import { notify } from '../../../lib/notify.ts';
import { offersList } from './active-p2p-columns.tsx';
import { offersSource, p2pEndpoints, useResumeOffer, useSuspendOffer } from './p2p-api.ts';
import { RefreshControls } from './refresh-controls.tsx';

export function ActiveP2pPage() {
  const { t } = useTranslation(['transactions', 'common']);
  const can = useCan();
  const { search } = useListSearch();
  const suspend = useSuspendOffer();
  const resume = useResumeOffer();
  const keys = useActionKeys();
  const history = useRecordHistory((offer: MarketOffer) => ({
    entity: 'p2p_offer',
    entityId: offer.trade_market_guid,
    title: t('history.offer', { seller: offer.seller_user_name }),
  }));

  const toggle = (offer: MarketOffer) => {
    const mutation = offer.status === 'active' ? suspend : resume;
    // Same offer, same version, same action: a double click reuses the key and acts once.
    const actionKey = `${offer.status}:${offer.trade_market_guid}:${offer.version}`;
    mutation.mutate(
      {
        body: { trade_market_guid: offer.trade_market_guid, version: offer.version },
        key: keys.keyFor(actionKey),
      },
      {
        onSuccess: () => {
          keys.done(actionKey);
          notify({ title: t(offer.status === 'active' ? 'p2p.suspended' : 'p2p.resumed'), color: 'green' });
        },
        onError: (error) =>
          notify({ title: t('errors.actionFailed'), description: errorText(error), color: 'red' }),
      },
    );
  };

  return (
    <>
      <PageHeader
        title={t('common:pages.activeP2p')}
        description={t('p2p.activeSubtitle')}
        actions={<RefreshControls options={offersSource.pageOptions(search)} />}
      />
      <ListPage
        list={offersList}
        rowActions={(r) => (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            {history.button(r)}
            {can(p2pEndpoints.suspend) && (
              <Button
                size="compact-xs"
                variant="light"
                color={r.status === 'active' ? 'orange' : 'green'}
                onClick={() => toggle(r)}
                data-testid={`toggle-offer-${r.trade_market_guid}`}
              >
                {r.status === 'active' ? t('p2p.suspend') : t('p2p.resume')}
              </Button>
            )}
          </Group>
        )}
      />
      {history.drawer}
    </>
  );
}
