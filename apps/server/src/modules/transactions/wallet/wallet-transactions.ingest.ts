import type { IngestWalletTransaction } from '@backdesk/contract';
import { IngestWalletTransactionSchema } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import {
  continueTrpTransfers,
  directoryVasps,
  homeJurisdiction,
  recordTransferTravelRules,
  unknownVaspOf,
  vaspRefsOf,
} from '../../compliance/index.ts';
import { customerRefs } from '../../crm/index.ts';
import {
  APPLIED,
  type IngestKind,
  type IngestSource,
  type ItemOutcome,
  refused,
  STALE,
  UNCHANGED,
} from '../../platform/ingest/ingest-core.ts';
import { assetPrecisions, precisionOutcome } from '../assets/asset-precision.repository.ts';

/**
 * Wallet transactions from the exchange (decision 0025): one INSERT … ON CONFLICT for the whole set,
 * where a row changes only for a newer version. The fraud engine's queue, the report rollups and the
 * inbox are fed by the table's own triggers, as for every other row (decisions 0013, 0014, 0016).
 */
export const walletTransactionsIngest: IngestKind<IngestWalletTransaction> = {
  name: 'wallet-transactions',
  schema: IngestWalletTransactionSchema,
  keyOf: (t) => t.externalId,
  versionOf: (t) => t.version,
  async apply(tx, items, source) {
    const outcomes: Array<ItemOutcome | undefined> = new Array(items.length);
    // One connection: one query at a time.
    const customers = await customerRefs(
      tx,
      items.map((t) => t.customerExternalId),
    );
    const precisions = await assetPrecisions(tx, items);
    // The directory's VASPs the travel-rule blocks name, read once for the set (none: no query).
    const vasps = await directoryVasps(
      tx,
      items.flatMap((t) => vaspRefsOf(t.travelRule).map((r) => r.ref)),
    );
    const rows: Array<{ item: IngestWalletTransaction; customerId: number; at: number }> = [];
    items.forEach((t, at) => {
      const customer = customers.get(t.customerExternalId);
      if (!customer) {
        outcomes[at] = refused('CUSTOMER_UNKNOWN', { externalId: t.customerExternalId });
        return;
      }
      const unknownVasp = unknownVaspOf(t.travelRule, vasps);
      if (unknownVasp) {
        outcomes[at] = refused('INGEST_INVALID_ITEM', {
          field: unknownVasp,
          reason: 'No VASP with this id or LEI in the directory',
        });
        return;
      }
      const precision = precisionOutcome(precisions, t.asset, t.network, { amount: t.amount, fee: t.fee });
      if (precision) outcomes[at] = precision;
      else rows.push({ item: t, customerId: customer.id, at });
    });
    if (rows.length > 0) {
      const applied = await upsert(tx, rows, source);
      await travelRuleOf(tx, rows, applied, source, vasps);
      const others = rows.filter((r) => !applied.has(r.item.externalId));
      const stored = await storedVersions(
        tx,
        others.map((r) => r.item.externalId),
      );
      for (const r of rows) {
        if (applied.has(r.item.externalId)) {
          outcomes[r.at] = APPLIED;
          continue;
        }
        const held = stored.get(r.item.externalId);
        outcomes[r.at] =
          held && held.version >= r.item.version
            ? held.version === r.item.version
              ? UNCHANGED
              : STALE
            : refused('WITHDRAWAL_UNDER_REVIEW');
      }
    }
    return outcomes as ItemOutcome[];
  },
};

const column = <T>(rows: Array<{ item: IngestWalletTransaction }>, pick: (t: IngestWalletTransaction) => T) =>
  rows.map((r) => pick(r.item));

/**
 * Inserts new transactions and updates those the exchange sends a newer version of; a withdrawal
 * Backdesk holds under review keeps its status (its review decides it, R15). Returns the external
 * ids written.
 */
async function upsert(
  tx: Tx,
  rows: Array<{ item: IngestWalletTransaction; customerId: number }>,
  source: IngestSource,
): Promise<Map<string, number>> {
  const { rows: written } = await tx.execute<{ external_id: string; id: number }>(sql`
    INSERT INTO wallet_transactions AS w (external_id, external_version, source_integration_id, received_at,
      customer_id, type, asset, network, amount, fee, from_address, to_address, tx_hash, status, channel,
      created_at, updated_at)
    SELECT i.external_id, i.external_version, ${source.integrationId}::integer, ${source.receivedAt}::timestamptz,
           i.customer_id, i.type, i.asset, i.network, i.amount, i.fee, i.from_address, i.to_address, i.tx_hash,
           i.status, i.channel, i.created_at, i.updated_at
      FROM unnest(
        ${sql.param(column(rows, (t) => t.externalId))}::text[], ${sql.param(column(rows, (t) => t.version))}::bigint[],
        ${sql.param(rows.map((r) => r.customerId))}::bigint[], ${sql.param(column(rows, (t) => t.type))}::text[],
        ${sql.param(column(rows, (t) => t.asset))}::text[], ${sql.param(column(rows, (t) => t.network))}::text[],
        ${sql.param(column(rows, (t) => t.amount))}::numeric[], ${sql.param(column(rows, (t) => t.fee ?? '0'))}::numeric[],
        ${sql.param(column(rows, (t) => t.fromAddress ?? null))}::text[], ${sql.param(column(rows, (t) => t.toAddress ?? null))}::text[],
        ${sql.param(column(rows, (t) => t.txHash ?? null))}::text[], ${sql.param(column(rows, (t) => t.status))}::text[],
        ${sql.param(column(rows, (t) => t.channel ?? null))}::text[], ${sql.param(column(rows, (t) => t.createdAt))}::timestamptz[],
        ${sql.param(column(rows, (t) => t.updatedAt ?? t.createdAt))}::timestamptz[]
      ) AS i(external_id, external_version, customer_id, type, asset, network, amount, fee, from_address,
             to_address, tx_hash, status, channel, created_at, updated_at)
    ON CONFLICT (external_id) DO UPDATE SET
      external_version = EXCLUDED.external_version, source_integration_id = EXCLUDED.source_integration_id,
      received_at = EXCLUDED.received_at, customer_id = EXCLUDED.customer_id, type = EXCLUDED.type,
      asset = EXCLUDED.asset, network = EXCLUDED.network, amount = EXCLUDED.amount, fee = EXCLUDED.fee,
      from_address = EXCLUDED.from_address, to_address = EXCLUDED.to_address, tx_hash = EXCLUDED.tx_hash,
      status = EXCLUDED.status, channel = EXCLUDED.channel, created_at = EXCLUDED.created_at,
      updated_at = EXCLUDED.updated_at, version = w.version + 1
    WHERE (w.external_version IS NULL OR w.external_version < EXCLUDED.external_version)
      AND w.status <> 'under_review'
    RETURNING w.external_id, w.id`);
  return new Map(written.map((r) => [r.external_id, Number(r.id)]));
}

/**
 * The travel rule of the transfers just written (decision 0026), in the same transaction: those that
 * carry a travel-rule block, and deposits from an address the directory attributes to a VASP (held
 * while their information is missing). Audited as the integration's changes.
 */
async function travelRuleOf(
  tx: Tx,
  rows: Array<{ item: IngestWalletTransaction; customerId: number }>,
  applied: Map<string, number>,
  source: IngestSource,
  vasps: Awaited<ReturnType<typeof directoryVasps>>,
): Promise<void> {
  const written = rows.filter(
    (r) => applied.has(r.item.externalId) && (r.item.type === 'deposit' || r.item.type === 'withdrawal'),
  );
  const unblocked = written.filter(
    (r) => !r.item.travelRule && r.item.type === 'deposit' && r.item.fromAddress,
  );
  const fromVasps = await depositsFromVasps(
    tx,
    unblocked.map((r) => applied.get(r.item.externalId)!),
  );
  // TRP (decision 0030): a deposit an approved inquiry announced, a withdrawal whose txid is due.
  const announced = await continueTrpTransfers(
    tx,
    written.map((r) => applied.get(r.item.externalId)!),
  );
  const items = written
    .filter((r) => {
      const id = applied.get(r.item.externalId)!;
      return r.item.travelRule || fromVasps.has(id) || announced.has(id);
    })
    .map((r) => {
      const id = applied.get(r.item.externalId)!;
      const protocol = announced.get(id);
      return {
        transactionId: id,
        customerId: r.customerId,
        direction: r.item.type as 'deposit' | 'withdrawal',
        block: r.item.travelRule,
        ...(protocol ? { protocol } : {}),
      };
    });
  if (items.length === 0) return;
  const requestId = `ingest:${source.receivedAt.getTime()}`;
  await recordTransferTravelRules(tx, items, {
    actor:
      source.integrationId === null
        ? { memberId: null, requestId }
        : { memberId: null, integrationId: source.integrationId, requestId },
    home: homeJurisdiction(),
    now: source.receivedAt,
    vasps,
  });
}

/** Of these deposits, those without a record whose sending address the directory gives a VASP: one query. */
async function depositsFromVasps(tx: Tx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const { rows } = await tx.execute<{ id: number }>(sql`
    SELECT w.id FROM wallet_transactions w
     WHERE w.id = ANY(${sql.param(ids)}::bigint[])
       AND NOT EXISTS (SELECT 1 FROM travel_rule_records r WHERE r.transaction_id = w.id)
       AND EXISTS (SELECT 1 FROM vasp_addresses a
                    WHERE a.network = w.network AND NOT a.self_hosted
                      AND (a.address = w.from_address OR (a.is_prefix AND starts_with(w.from_address, a.address))))`);
  return new Set(rows.map((r) => Number(r.id)));
}

async function storedVersions(tx: Tx, externalIds: string[]): Promise<Map<string, { version: number }>> {
  const held = new Map<string, { version: number }>();
  if (externalIds.length === 0) return held;
  const { rows } = await tx.execute<{ external_id: string; external_version: number | null }>(
    sql`SELECT external_id, external_version FROM wallet_transactions WHERE external_id = ANY(${sql.param(externalIds)}::text[])`,
  );
  for (const r of rows) held.set(r.external_id, { version: Number(r.external_version ?? 0) });
  return held;
}
