import type { EndpointBody, transactionsApi } from '@backdesk/contract';
import * as transactionsRoutes from '@backdesk/contract/routes/transactions';
import { listSource } from '../../../components/list-page/list-source.ts';
import { callEndpoint } from '../../../lib/api.ts';
import { transactionsRef } from '../../../lib/contract.ts';
import { useSettledMutation } from '../../../lib/settled-mutation.ts';
import { useP2pRefresh } from './p2p-refresh.ts';

/** The P2P endpoints, named without loading the contract (lib/contract.ts). */
export const p2pEndpoints = {
  trades: transactionsRef(transactionsRoutes.listTrades),
  countTrades: transactionsRef(transactionsRoutes.countTrades),
  offers: transactionsRef(transactionsRoutes.listOffers),
  suspend: transactionsRef(transactionsRoutes.suspendOffer),
  resume: transactionsRef(transactionsRoutes.resumeOffer),
  cancel: transactionsRef(transactionsRoutes.cancelTrade),
  settle: transactionsRef(transactionsRoutes.settleDispute),
};

/** docs/product-rules.md R17: P2P data refreshes in the background every 60 seconds. */
export const P2P_REFRESH_MS = 60_000;

const P2P_KEY = ['transactions', 'p2p'] as const;

/** The 60 s background refresh, unless paused from a P2P page (p2p-refresh.ts). */
const useP2pRefreshInterval = () => (useP2pRefresh().paused ? false : P2P_REFRESH_MS);

/**
 * Trades, enriched with their offers; no status in the URL means the server's default, pending. The
 * total is asked apart, keyed by the filters alone, so the rows never wait for the count.
 */
export const tradesSource = listSource({
  endpoint: p2pEndpoints.trades,
  queryKey: [...P2P_KEY, 'trades'],
  useRefresh: useP2pRefreshInterval,
  count: p2pEndpoints.countTrades,
});

export const offersSource = listSource({
  endpoint: p2pEndpoints.offers,
  queryKey: [...P2P_KEY, 'offers'],
  useRefresh: useP2pRefreshInterval,
});

type Keyed<B> = { body: B; key: string };

const useP2pAction = <B, R>(call: (input: Keyed<B>) => Promise<R>) => useSettledMutation(P2P_KEY, call);

type OfferBody = EndpointBody<typeof transactionsApi.suspendOffer>;
export const useSuspendOffer = () =>
  useP2pAction(({ body, key }: Keyed<OfferBody>) =>
    callEndpoint(p2pEndpoints.suspend, { body, idempotencyKey: key }),
  );
export const useResumeOffer = () =>
  useP2pAction(({ body, key }: Keyed<OfferBody>) =>
    callEndpoint(p2pEndpoints.resume, { body, idempotencyKey: key }),
  );
export const useCancelTrade = () =>
  useP2pAction(({ body, key }: Keyed<EndpointBody<typeof transactionsApi.cancelTrade>>) =>
    callEndpoint(p2pEndpoints.cancel, { body, idempotencyKey: key }),
  );
export const useSettleDispute = () =>
  useP2pAction(({ body, key }: Keyed<EndpointBody<typeof transactionsApi.settleDispute>>) =>
    callEndpoint(p2pEndpoints.settle, { body, idempotencyKey: key }),
  );
