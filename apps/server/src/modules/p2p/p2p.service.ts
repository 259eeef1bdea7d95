import type { ActionResult, transactionsApi } from '@backdesk/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { P2pRepository } from './p2p.repository.ts';

type DisputeOutcome = z.output<typeof transactionsApi.settleDispute.body>['outcome'];

/** A stale version means someone changed the record since the member loaded it: refuse, never overwrite. */
function assertVersion(current: number, seen: number): void {
  if (current !== seen)
    throw new AppError('CONFLICT', 'Someone else changed this record meanwhile; reload it and try again');
}

export function createP2pService({ db, repo }: { db: Db; repo: P2pRepository }) {
  async function setOfferStatus(
    guid: string,
    version: number,
    memberId: number,
    to: 'active' | 'suspended',
  ): Promise<ActionResult> {
    return db.transaction(async (tx) => {
      const offer = await repo.lockOffer(tx, guid);
      if (!offer) throw new AppError('NOT_FOUND', 'No such offer');
      assertVersion(offer.version, version);
      if (offer.status === to)
        throw new AppError(
          'CONFLICT',
          to === 'suspended' ? 'The offer is already suspended' : 'The offer is already active',
        );
      const next = await repo.setOfferStatus(tx, guid, to);
      await recordAudit(tx, {
        memberId,
        action: to === 'suspended' ? 'suspend' : 'resume',
        entity: 'p2p_offer',
        entityId: guid,
        before: { status: offer.status },
        after: { status: to },
      });
      return {
        success: true,
        message: to === 'suspended' ? 'Offer suspended' : 'Offer resumed',
        version: next,
      };
    });
  }

  return {
    newestPendingTrades: () => repo.newestPendingTrades(db),
    newestOffers: () => repo.newestOffers(db),
    tradesPage: (q: Parameters<P2pRepository['tradesPage']>[1]) => repo.tradesPage(db, q),
    offersPage: (q: Parameters<P2pRepository['offersPage']>[1]) => repo.offersPage(db, q),
    suspendOffer: (guid: string, version: number, memberId: number) =>
      setOfferStatus(guid, version, memberId, 'suspended'),
    resumeOffer: (guid: string, version: number, memberId: number) =>
      setOfferStatus(guid, version, memberId, 'active'),

    cancelTrade: (id: number, version: number, reason: string, memberId: number): Promise<ActionResult> =>
      db.transaction(async (tx) => {
        const trade = await repo.lockTrade(tx, id);
        if (!trade) throw new AppError('NOT_FOUND', 'No such trade');
        assertVersion(trade.version, version);
        if (trade.status !== 'pending')
          throw new AppError(
            'CONFLICT',
            `Only a pending trade can be cancelled; this one is ${trade.status}`,
          );
        const next = await repo.resolveTrade(tx, id, {
          status: 'cancelled',
          resolution: 'cancelled',
          reason,
          memberId,
        });
        await recordAudit(tx, {
          memberId,
          action: 'cancel',
          entity: 'p2p_trade',
          entityId: id,
          before: { status: trade.status },
          after: { status: 'cancelled', reason },
        });
        return { success: true, message: 'Trade cancelled', version: next };
      }),

    settleDispute: (
      id: number,
      version: number,
      outcome: DisputeOutcome,
      reason: string,
      memberId: number,
    ): Promise<ActionResult> =>
      db.transaction(async (tx) => {
        const trade = await repo.lockTrade(tx, id);
        if (!trade) throw new AppError('NOT_FOUND', 'No such trade');
        assertVersion(trade.version, version);
        if (trade.status !== 'disputed')
          throw new AppError('CONFLICT', `Only a disputed trade can be settled; this one is ${trade.status}`);
        // Released: the buyer gets the crypto, the trade completes. Refunded: the seller keeps it.
        const change =
          outcome === 'release'
            ? ({ status: 'completed', resolution: 'released' } as const)
            : ({ status: 'cancelled', resolution: 'refunded' } as const);
        const next = await repo.resolveTrade(tx, id, { ...change, reason, memberId });
        await recordAudit(tx, {
          memberId,
          action: `settle_${outcome}`,
          entity: 'p2p_trade',
          entityId: id,
          before: { status: trade.status },
          after: { ...change, reason },
        });
        return {
          success: true,
          message: outcome === 'release' ? 'Released to the buyer' : 'Refunded to the seller',
          version: next,
        };
      }),
  };
}
export type P2pService = ReturnType<typeof createP2pService>;
