import { transactionsApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { P2pService } from './p2p.service.ts';

/** PRODUCT.md role matrix: every panel role reads; only admin and super act on offers and trades. */
const ACTORS = ['admin', 'super'] as const;

export function registerP2pRoutes(app: FastifyInstance, { p2p }: { p2p: P2pService }): void {
  registerEndpoint(app, transactionsApi.getPendingTrades, {}, async () => ({
    success: true,
    users: await p2p.newestPendingTrades(),
  }));
  registerEndpoint(app, transactionsApi.allP2p, {}, async () => ({
    success: true,
    users: await p2p.newestOffers(),
  }));
  registerEndpoint(app, transactionsApi.listTrades, {}, ({ query }) => p2p.tradesPage(query));
  registerEndpoint(app, transactionsApi.listOffers, {}, ({ query }) => p2p.offersPage(query));

  const act = { roles: ACTORS, idempotent: true } as const;
  registerEndpoint(app, transactionsApi.suspendOffer, act, ({ body, member }) =>
    p2p.suspendOffer(body.trade_market_guid, body.version, member.id),
  );
  registerEndpoint(app, transactionsApi.resumeOffer, act, ({ body, member }) =>
    p2p.resumeOffer(body.trade_market_guid, body.version, member.id),
  );
  registerEndpoint(app, transactionsApi.cancelTrade, act, ({ body, member }) =>
    p2p.cancelTrade(body.id, body.version, body.reason, member.id),
  );
  registerEndpoint(app, transactionsApi.settleDispute, act, ({ body, member }) =>
    p2p.settleDispute(body.id, body.version, body.outcome, body.reason, member.id),
  );
}
