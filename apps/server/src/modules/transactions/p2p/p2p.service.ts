import type { ActionResult } from '@backdesk/contract';
import type { DisputeOutcome, OfferStatus, TradeStatus } from '@backdesk/contract/transactions/keys';
import type { Db, Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Actor, Changes } from '../../platform/audit/changes.ts';
import type { P2pRepository, TradeRow } from './p2p.repository.ts';

/** How a dispute settles: released, the buyer gets the crypto and the trade completes; refunded, the seller keeps it. */
const SETTLEMENT = {
  release: { status: 'completed', resolution: 'released', message: 'Released to the buyer' },
  refund: { status: 'cancelled', resolution: 'refunded', message: 'Refunded to the seller' },
} as const;

const tradeFields = (t: Pick<TradeRow, 'status' | 'resolution' | 'resolution_reason'>) => ({
  status: t.status,
  resolution: t.resolution,
  resolution_reason: t.resolution_reason,
});

export function createP2pService({ db, changes, repo }: { db: Db; changes: Changes; repo: P2pRepository }) {
  /** Locks a trade at the version the member saw, in the one status the action starts from. */
  async function lockTrade(tx: Tx, id: number, version: number, from: TradeStatus): Promise<TradeRow> {
    const trade = await repo.lockTrade(tx, id);
    if (!trade) throw new AppError('TRADE_NOT_FOUND');
    if (trade.version !== version) throw new AppError('STALE_EDIT');
    if (trade.status !== from) throw new AppError('INVALID_TRANSITION', { status: trade.status });
    return trade;
  }

  /** Closes a trade for good (cancelled or settled): one audit row with its new status and resolution. */
  async function resolve(
    actor: Actor,
    id: number,
    version: number,
    from: TradeStatus,
    to: {
      status: 'cancelled' | 'completed';
      resolution: 'cancelled' | 'released' | 'refunded';
      reason: string;
    },
    action: 'cancel' | 'settle',
    message: string,
  ): Promise<ActionResult> {
    return changes.run(actor, async (tx) => {
      const trade = await lockTrade(tx, id, version, from);
      const next = await repo.resolveTrade(tx, id, { ...to, memberId: actor.memberId });
      const after = { status: to.status, resolution: to.resolution, resolution_reason: to.reason };
      return {
        result: { success: true, message, version: next },
        change: { entity: 'p2p_trade', action, entityId: id, before: tradeFields(trade), after },
      };
    });
  }

  return {
    newestPendingTrades: () => repo.newestPendingTrades(db),
    newestOffers: () => repo.newestOffers(db),
    tradesPage: (q: Parameters<P2pRepository['tradesPage']>[1]) => repo.tradesPage(db, q),
    tradesCount: async (q: Parameters<P2pRepository['tradesCount']>[1]) => ({
      total: await repo.tradesCount(db, q),
    }),
    offersPage: (q: Parameters<P2pRepository['offersPage']>[1]) => repo.offersPage(db, q),

    /** Suspends an active offer or resumes a suspended one. */
    setOfferStatus: (actor: Actor, guid: string, version: number, to: OfferStatus): Promise<ActionResult> =>
      changes.run(actor, async (tx) => {
        const offer = await repo.lockOffer(tx, guid);
        if (!offer) throw new AppError('OFFER_NOT_FOUND');
        if (offer.version !== version) throw new AppError('STALE_EDIT');
        if (offer.status === to) throw new AppError('INVALID_TRANSITION', { status: offer.status });
        const next = await repo.setOfferStatus(tx, guid, to);
        const suspend = to === 'suspended';
        return {
          result: { success: true, message: suspend ? 'Offer suspended' : 'Offer resumed', version: next },
          change: {
            entity: 'p2p_offer',
            action: suspend ? 'suspend' : 'resume',
            entityId: guid,
            before: { status: offer.status },
            after: { status: to },
          },
        };
      }),

    cancelTrade: (actor: Actor, id: number, version: number, reason: string) =>
      resolve(
        actor,
        id,
        version,
        'pending',
        { status: 'cancelled', resolution: 'cancelled', reason },
        'cancel',
        'Trade cancelled',
      ),

    settleDispute: (actor: Actor, id: number, version: number, outcome: DisputeOutcome, reason: string) => {
      const { message, ...to } = SETTLEMENT[outcome];
      return resolve(actor, id, version, 'disputed', { ...to, reason }, 'settle', message);
    },
  };
}
export type P2pService = ReturnType<typeof createP2pService>;
