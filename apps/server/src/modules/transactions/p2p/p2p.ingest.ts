import {
  type IngestP2pOffer,
  IngestP2pOfferSchema,
  type IngestP2pTrade,
  IngestP2pTradeSchema,
} from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { customerRefs } from '../../crm/index.ts';
import { type IngestKind, type ItemOutcome, refused } from '../../platform/ingest/ingest-core.ts';
import { versionOutcomes } from '../../platform/ingest/ingest-versions.ts';

/** Answers the known items from `outcomes` (in their order) and the others with `unknown`. */
function merge<T>(items: T[], known: T[], outcomes: ItemOutcome[], unknown: (item: T) => ItemOutcome) {
  const byItem = new Map(known.map((item, i) => [item, outcomes[i]!]));
  return items.map((item) => byItem.get(item) ?? unknown(item));
}

/**
 * P2P offers from the exchange (decision 0025). Backdesk keys an offer by its trade_market_guid; a new
 * offer gets one, and the exchange's id maps to it from then on. The offer's contract and seller are
 * copied onto its trades by the table's triggers (migration perf_functions).
 */
export const p2pOffersIngest: IngestKind<IngestP2pOffer> = {
  name: 'p2p-offers',
  schema: IngestP2pOfferSchema,
  keyOf: (o) => o.externalId,
  versionOf: (o) => o.version,
  async apply(tx, items, source) {
    const sellers = await customerRefs(
      tx,
      items.map((o) => o.sellerExternalId),
    );
    const known = items.filter((o) => sellers.has(o.sellerExternalId));
    const col = <T>(pick: (o: IngestP2pOffer) => T) => sql.param(known.map(pick));
    const written = new Set<string>();
    if (known.length > 0) {
      const { rows } = await tx.execute<{ external_id: string }>(sql`
        INSERT INTO p2p_offers AS o (trade_market_guid, external_id, external_version, source_integration_id,
          received_at, seller_user_name, selling_contract_name, selling_account_address, unit_price, rank_seller,
          seller_message, status, created_at)
        SELECT gen_random_uuid(), i.external_id, i.external_version, ${source.integrationId}::integer,
               ${source.receivedAt}::timestamptz, i.seller, i.contract, i.address, i.unit_price, i.rank_seller,
               i.message, i.status, i.created_at
          FROM unnest(${col((o) => o.externalId)}::text[], ${col((o) => o.version)}::bigint[],
                      ${col((o) => sellers.get(o.sellerExternalId)!.userName)}::text[], ${col((o) => o.contract)}::text[],
                      ${col((o) => o.accountAddress ?? null)}::text[], ${col((o) => o.unitPrice)}::numeric[],
                      ${col((o) => o.rankSeller ?? null)}::integer[], ${col((o) => o.message ?? null)}::text[],
                      ${col((o) => o.status)}::text[], ${col((o) => o.createdAt)}::timestamptz[])
            AS i(external_id, external_version, seller, contract, address, unit_price, rank_seller, message, status,
                 created_at)
        ON CONFLICT (external_id) DO UPDATE SET
          external_version = EXCLUDED.external_version, source_integration_id = EXCLUDED.source_integration_id,
          received_at = EXCLUDED.received_at, seller_user_name = EXCLUDED.seller_user_name,
          selling_contract_name = EXCLUDED.selling_contract_name,
          selling_account_address = EXCLUDED.selling_account_address, unit_price = EXCLUDED.unit_price,
          rank_seller = EXCLUDED.rank_seller, seller_message = EXCLUDED.seller_message, status = EXCLUDED.status,
          created_at = EXCLUDED.created_at, version = o.version + 1
        WHERE o.external_version < EXCLUDED.external_version
        RETURNING o.external_id`);
      for (const r of rows) written.add(r.external_id);
    }
    const outcomes = await versionOutcomes(
      tx,
      sql`p2p_offers`,
      known.map((o) => ({ key: o.externalId, version: o.version })),
      written,
      refused('INGEST_ITEM_NOT_STORED'),
    );
    return merge(items, known, outcomes, (o) =>
      refused('CUSTOMER_UNKNOWN', { externalId: o.sellerExternalId }),
    );
  },
};

async function offerGuids(tx: Tx, externalIds: string[]): Promise<Map<string, string>> {
  const { rows } = await tx.execute<{ external_id: string; guid: string }>(sql`
    SELECT external_id, trade_market_guid AS guid FROM p2p_offers
     WHERE external_id = ANY(${sql.param([...new Set(externalIds)])}::text[])`);
  return new Map(rows.map((r) => [r.external_id, r.guid]));
}

/**
 * P2P trades from the exchange (decision 0025). The fraud engine's queue, the P2P rollups and the
 * dispute inbox follow from the table's triggers; a dispute's resolution stays Backdesk's decision.
 */
export const p2pTradesIngest: IngestKind<IngestP2pTrade> = {
  name: 'p2p-trades',
  schema: IngestP2pTradeSchema,
  keyOf: (t) => t.externalId,
  versionOf: (t) => t.version,
  async apply(tx, items, source) {
    const buyers = await customerRefs(
      tx,
      items.map((t) => t.buyerExternalId),
    );
    const offers = await offerGuids(
      tx,
      items.map((t) => t.offerExternalId),
    );
    const known = items.filter((t) => buyers.has(t.buyerExternalId) && offers.has(t.offerExternalId));
    const col = <T>(pick: (t: IngestP2pTrade) => T) => sql.param(known.map(pick));
    const written = new Set<string>();
    if (known.length > 0) {
      const { rows } = await tx.execute<{ external_id: string }>(sql`
        INSERT INTO p2p_trades AS t (external_id, external_version, source_integration_id, received_at,
          trade_market_guid, buyer_user_name, trade_amount, status, dispute_reason, created_at)
        SELECT i.external_id, i.external_version, ${source.integrationId}::integer, ${source.receivedAt}::timestamptz,
               i.guid, i.buyer, i.amount, i.status, i.dispute_reason, i.created_at
          FROM unnest(${col((t) => t.externalId)}::text[], ${col((t) => t.version)}::bigint[],
                      ${col((t) => offers.get(t.offerExternalId)!)}::uuid[],
                      ${col((t) => buyers.get(t.buyerExternalId)!.userName)}::text[], ${col((t) => t.amount)}::numeric[],
                      ${col((t) => t.status)}::text[], ${col((t) => t.disputeReason ?? null)}::text[],
                      ${col((t) => t.createdAt)}::timestamptz[])
            AS i(external_id, external_version, guid, buyer, amount, status, dispute_reason, created_at)
        ON CONFLICT (external_id) DO UPDATE SET
          external_version = EXCLUDED.external_version, source_integration_id = EXCLUDED.source_integration_id,
          received_at = EXCLUDED.received_at, trade_market_guid = EXCLUDED.trade_market_guid,
          buyer_user_name = EXCLUDED.buyer_user_name, trade_amount = EXCLUDED.trade_amount,
          status = EXCLUDED.status, dispute_reason = EXCLUDED.dispute_reason, created_at = EXCLUDED.created_at,
          version = t.version + 1
        WHERE t.external_version < EXCLUDED.external_version
        RETURNING t.external_id`);
      for (const r of rows) written.add(r.external_id);
    }
    const outcomes = await versionOutcomes(
      tx,
      sql`p2p_trades`,
      known.map((t) => ({ key: t.externalId, version: t.version })),
      written,
      refused('INGEST_ITEM_NOT_STORED'),
    );
    return merge(items, known, outcomes, (t) =>
      buyers.has(t.buyerExternalId)
        ? refused('P2P_OFFER_UNKNOWN', { externalId: t.offerExternalId })
        : refused('CUSTOMER_UNKNOWN', { externalId: t.buyerExternalId }),
    );
  },
};
