import { transactionsApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../../lib/endpoint-route.ts';
import type { P2pService } from './p2p.service.ts';

export function registerP2pRoutes(app: FastifyInstance, { p2p }: { p2p: P2pService }): void {
  registerEndpoint(app, transactionsApi.getPendingTrades, async () => ({
    success: true,
    users: await p2p.newestPendingTrades(),
  }));
  registerEndpoint(app, transactionsApi.allP2p, async () => ({
    success: true,
    users: await p2p.newestOffers(),
  }));
  registerEndpoint(app, transactionsApi.listTrades, ({ query }) => p2p.tradesPage(query));
  registerEndpoint(app, transactionsApi.countTrades, ({ query }) => p2p.tradesCount(query));
  registerEndpoint(app, transactionsApi.listOffers, ({ query }) => p2p.offersPage(query));

  registerEndpoint(app, transactionsApi.suspendOffer, ({ body, actor }) =>
    p2p.setOfferStatus(actor, body.trade_market_guid, body.version, 'suspended'),
  );
  registerEndpoint(app, transactionsApi.resumeOffer, ({ body, actor }) =>
    p2p.setOfferStatus(actor, body.trade_market_guid, body.version, 'active'),
  );
  registerEndpoint(app, transactionsApi.cancelTrade, ({ body, actor }) =>
    p2p.cancelTrade(actor, body.id, body.version, body.reason),
  );
  registerEndpoint(app, transactionsApi.settleDispute, ({ body, actor }) =>
    p2p.settleDispute(actor, body.id, body.version, body.outcome, body.reason),
  );
}
