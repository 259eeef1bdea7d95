import type { EndpointBody, EndpointQuery, transactionsApi } from '@backdesk/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';
import { endpointRef } from '../../../lib/contract.ts';
import { useP2pRefresh } from '../p2p/p2p-refresh.ts';

const tradesEndpoint = endpointRef(
  (c) => c.transactionsApi.listTrades,
  'GET',
  '/api/transactions/p2p/trades',
);
const offersEndpoint = endpointRef(
  (c) => c.transactionsApi.listOffers,
  'GET',
  '/api/transactions/p2p/offers',
);
const suspendEndpoint = endpointRef(
  (c) => c.transactionsApi.suspendOffer,
  'POST',
  '/api/transactions/p2p/offers/suspend',
);
const resumeEndpoint = endpointRef(
  (c) => c.transactionsApi.resumeOffer,
  'POST',
  '/api/transactions/p2p/offers/resume',
);
const cancelEndpoint = endpointRef(
  (c) => c.transactionsApi.cancelTrade,
  'POST',
  '/api/transactions/p2p/trades/cancel',
);
const settleEndpoint = endpointRef(
  (c) => c.transactionsApi.settleDispute,
  'POST',
  '/api/transactions/p2p/trades/settle',
);

/** Spec §9: P2P data refreshes in the background every 60 seconds. */
export const P2P_REFRESH_MS = 60_000;

export type TradeQuery = EndpointQuery<typeof transactionsApi.listTrades>;
export type OfferQuery = EndpointQuery<typeof transactionsApi.listOffers>;

const P2P_KEY = ['transactions', 'p2p'] as const;

export const tradesQueryOptions = (query: TradeQuery, refresh: boolean) =>
  queryOptions({
    queryKey: [...P2P_KEY, 'trades', query],
    queryFn: ({ signal }) => callEndpoint(tradesEndpoint, { query, signal }),
    refetchInterval: refresh ? P2P_REFRESH_MS : false,
    placeholderData: keepPreviousData,
  });

export const offersQueryOptions = (query: OfferQuery, refresh: boolean) =>
  queryOptions({
    queryKey: [...P2P_KEY, 'offers', query],
    queryFn: ({ signal }) => callEndpoint(offersEndpoint, { query, signal }),
    refetchInterval: refresh ? P2P_REFRESH_MS : false,
    placeholderData: keepPreviousData,
  });

export const useTrades = (query: TradeQuery) => useQuery(tradesQueryOptions(query, !useP2pRefresh().paused));
export const useOffers = (query: OfferQuery) => useQuery(offersQueryOptions(query, !useP2pRefresh().paused));

type Keyed<B> = { body: B; key: string };

function useP2pAction<B, R>(call: (input: Keyed<B>) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => client.invalidateQueries({ queryKey: P2P_KEY }),
  });
}

type OfferBody = EndpointBody<typeof transactionsApi.suspendOffer>;
export const useSuspendOffer = () =>
  useP2pAction(({ body, key }: Keyed<OfferBody>) =>
    callEndpoint(suspendEndpoint, { body, idempotencyKey: key }),
  );
export const useResumeOffer = () =>
  useP2pAction(({ body, key }: Keyed<OfferBody>) =>
    callEndpoint(resumeEndpoint, { body, idempotencyKey: key }),
  );
export const useCancelTrade = () =>
  useP2pAction(({ body, key }: Keyed<EndpointBody<typeof transactionsApi.cancelTrade>>) =>
    callEndpoint(cancelEndpoint, { body, idempotencyKey: key }),
  );
export const useSettleDispute = () =>
  useP2pAction(({ body, key }: Keyed<EndpointBody<typeof transactionsApi.settleDispute>>) =>
    callEndpoint(settleEndpoint, { body, idempotencyKey: key }),
  );
