import type { CheckReason, CustomerRef, TransactionLimit, TravelRuleBlock } from '@backdesk/contract';
import type { FraudRuleCode } from '@backdesk/contract/fraud/keys';
import type { CheckDecision, CheckKind } from '@backdesk/contract/transactions/keys';
import { type SQL, sql } from 'drizzle-orm';
import {
  type BuiltStatement,
  buildStatement,
  type DbOrTx,
  executeNamed,
  executePrepared,
  runStatement,
  type Tx,
} from '../../../db/client.ts';
import { isoUtc } from '../../../db/sql/index.ts';
import { allOf, filteredPage } from '../../../lib/list-query.ts';
import {
  activeMatchesSql,
  CURRENT_VERSIONS_SQL,
  type CurrentRuleVersion,
  probeQueries,
  probesJsonSql,
  type RuleProbe,
  type ScreeningHitRow,
  screeningHitsSql,
  type TravelRuleCheckFacts,
  travelRuleCheckSql,
  travelRuleVaspKeys,
  type WithdrawalProbe,
} from '../../compliance/index.ts';
import { auditRowsFrom, type IntegrationActor } from '../../platform/audit/changes.ts';
import { limitsOfTypeJsonSql } from '../limits/limits.repository.ts';
import { activeRestrictionSql, withdrawnWithinSql } from '../wallet/wallet-transactions.repository.ts';

const bound = sql.placeholder;

/** The key of a set of rule versions: the expected map is replaced, never changed, when one changes. */
const versionKeys = new WeakMap<Map<FraudRuleCode, CurrentRuleVersion>, string>();
const versionsKey = (versions: Map<FraudRuleCode, CurrentRuleVersion>) => {
  let key = versionKeys.get(versions);
  if (key === undefined) {
    key = JSON.stringify(
      [...versions].map(([code, v]) => [code, v.version, v.enabled, v.severity, v.params]),
    );
    versionKeys.set(versions, key);
  }
  return key;
};

/**
 * The withdrawal check's one statement, built once per shape: how the customer is named and the
 * rule versions its probes were built from (their parameters are written in, the request's values
 * are placeholders). Compiled from its owners' fragments on every check, it cost the check ~60 µs
 * of Drizzle and a hash of its text to name it (docs/decisions/0029-request-cost.md).
 */
const withdrawalShapes = new Map<string, { statement: BuiltStatement; probes: RuleProbe[] | null }>();

/** The statement's SQL for one shape, its probes built on the same placeholders (withdrawalStatement). */
function withdrawalSql(customerById: boolean, probes: RuleProbe[] | null): SQL {
  const customerId = sql`(SELECT id FROM c)`;
  const match = customerById ? sql`id = ${bound('customer')}` : sql`external_id = ${bound('customer')}`;
  const window = { customerId, asset: bound('asset'), network: bound('network'), excludeId: 0 };
  const listed = activeMatchesSql({
    address: bound('toAddress'),
    network: bound('network'),
    ip: bound('ip'),
    device: bound('device'),
  });
  const travel = travelRuleCheckSql({
    withdrawalId: bound('withdrawalId'),
    asset: bound('travelAsset'),
    network: bound('travelNetwork'),
    toAddress: bound('travelAddress'),
    at: bound('travelAt'),
    vaspIds: bound('vaspIds'),
    vaspLeis: bound('vaspLeis'),
  });
  return sql`WITH c AS (SELECT id, user_name FROM customers WHERE ${match})
          SELECT (SELECT json_build_object('id', id, 'userName', user_name) FROM c) AS customer,
                 ${activeRestrictionSql(customerId, 'withdrawal')} AS restricted,
                 ${limitsOfTypeJsonSql('withdrawal')} AS limits,
                 ${withdrawnWithinSql(window, '24 hours')} AS day,
                 ${withdrawnWithinSql(window, '30 days')} AS month,
                 ${json(listed, byId)} AS listed,
                 ${json(screeningHitsSql(customerId), byId)} AS screening,
                 ${json(CURRENT_VERSIONS_SQL)} AS versions,
                 ${probes ? probesJsonSql(probes) : sql`'[]'::json`} AS probed,
                 ${travel} AS travel`;
}

/** The statement and the probes in it for one shape; the probes are built with it, once. */
function withdrawalStatement(s: { byId: boolean; expected: Map<FraudRuleCode, CurrentRuleVersion> | null }) {
  const key = `${s.byId ? 'id' : 'external'} ${s.expected ? versionsKey(s.expected) : 'none'}`;
  let shape = withdrawalShapes.get(key);
  if (!shape) {
    const probe: WithdrawalProbe = {
      customerId: sql`(SELECT id FROM c)`,
      asset: bound('asset'),
      network: bound('network'),
      amount: bound('amount'),
      toAddress: bound('toAddress'),
      fromAddress: bound('fromAddress'),
      at: bound('at'),
    };
    const probes = s.expected ? probeQueries(s.expected, { withdrawal: probe }) : null;
    const statement = buildStatement(withdrawalSql(s.byId, probes));
    // As bounded as the statements: rule versions change a few times a day at most.
    if (withdrawalShapes.size >= 100) withdrawalShapes.clear();
    shape = { statement, probes };
    withdrawalShapes.set(key, shape);
  }
  return shape;
}

export interface CheckedCustomer {
  id: number;
  userName: string;
}

/** Everything a withdrawal check reads, as its one statement answers it (withdrawalFacts). */
export interface WithdrawalCheckFacts {
  customer: CheckedCustomer | null;
  restricted: boolean;
  limits: TransactionLimit[];
  withdrawn: { '24 hours': string; '30 days': string };
  listed: { id: number; kind: 'address' | 'ip' | 'device'; value: string; network: string | null }[];
  screening: ScreeningHitRow[];
  versions: CurrentRuleVersion[];
  /** The candidate rows of `probes` (the probes built from the versions the caller expected). */
  probed: { rule: string; customer_id: number; figures: Record<string, string | number> }[];
  /** The travel rule's reads (its rules, the destination, rates, the withdrawal's record, the VASPs). */
  travel: TravelRuleCheckFacts;
}

export interface CheckedOffer {
  tradeMarketGuid: string;
  sellerUserName: string;
  contractName: string | null;
  accountAddress: string | null;
  status: string;
}

export interface NewCheck {
  publicId: string;
  kind: CheckKind;
  integrationId: number;
  customerId: number;
  externalRef: string;
  input: unknown;
  decision: CheckDecision;
  reasons: CheckReason[];
  walletTransactionId: number | null;
  durationMs: number;
  evaluatedAt: Date;
}

/** A recorded check as the staff screens show it. */
export type CheckRow = {
  id: number;
  check_id: string;
  kind: CheckKind;
  integration_id: number;
  customer_id: number;
  customer_user_name: string;
  external_ref: string;
  input: Record<string, unknown>;
  decision: CheckDecision;
  reasons: CheckReason[];
  wallet_transaction_id: number | null;
  duration_ms: string;
  evaluated_at: string;
};

const COLUMNS = sql`k.id, k.public_id::text AS check_id, k.kind, k.integration_id, k.customer_id,
  c.user_name AS customer_user_name, k.external_ref, k.input, k.decision, k.reasons, k.wallet_transaction_id,
  trim_scale(k.duration_ms)::text AS duration_ms, ${isoUtc(sql`k.evaluated_at`)} AS evaluated_at`;
const FROM = sql`realtime_checks k JOIN customers c ON c.id = k.customer_id`;

export interface CheckFilters {
  decision?: CheckDecision;
  kind?: CheckKind;
  customerId?: number;
  walletTransactionId?: number;
  /** Whole UTC days, both ends included. */
  from?: string;
  to?: string;
}

function where(f: CheckFilters): SQL {
  const conditions: SQL[] = [];
  if (f.decision) conditions.push(sql`k.decision = ${f.decision}`);
  if (f.kind) conditions.push(sql`k.kind = ${f.kind}`);
  if (f.customerId) conditions.push(sql`k.customer_id = ${f.customerId}`);
  if (f.walletTransactionId) conditions.push(sql`k.wallet_transaction_id = ${f.walletTransactionId}`);
  if (f.from) conditions.push(sql`k.evaluated_at >= ${f.from}::date::timestamp AT TIME ZONE 'UTC'`);
  if (f.to) conditions.push(sql`k.evaluated_at < (${f.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  return allOf(conditions);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function customerWhere(db: DbOrTx, match: SQL): Promise<CheckedCustomer | undefined> {
  const { rows } = await db.execute<{ id: number; user_name: string }>(
    sql`SELECT id, user_name FROM customers WHERE ${match}`,
  );
  return rows[0] && { id: Number(rows[0].id), userName: rows[0].user_name };
}

/** A query's rows as one JSON array (in id order when they have one: json_agg keeps no order of its own). */
const json = (query: SQL, order = sql``) =>
  sql`(SELECT coalesce(json_agg(x${order}), '[]'::json) FROM (${query}) x)`;
const byId = sql` ORDER BY x.id`;

const insertCheck = (c: NewCheck) => sql`
  INSERT INTO realtime_checks (public_id, kind, integration_id, customer_id, external_ref, input, decision,
                               reasons, wallet_transaction_id, duration_ms, evaluated_at)
  VALUES (${c.publicId}::uuid, ${c.kind}, ${c.integrationId}, ${c.customerId}, ${c.externalRef},
          ${JSON.stringify(c.input)}::jsonb, ${c.decision}, ${JSON.stringify(c.reasons)}::jsonb,
          ${c.walletTransactionId}::bigint, ${c.durationMs.toFixed(3)}::numeric, ${c.evaluatedAt.toISOString()}::timestamptz)`;

export function createChecksRepository() {
  return {
    /**
     * Every read of a withdrawal check in one statement (one round trip, one snapshot, decision 0025):
     * the customer the check names, its withdrawal restriction, the withdrawal limits, what it withdrew
     * in the caps' windows, the blocklist entries the operation names, its screening hits, the fraud
     * rules' current versions, the travel rule's facts, and the probes of the rules at the versions the caller expects
     * (`expected`). Each part is its owner's own SQL. The customer's id is a subquery here, so an
     * unknown customer reads nothing and answers `customer: null`.
     */
    async withdrawalFacts(
      db: DbOrTx,
      c: {
        ref: CustomerRef;
        probe: Omit<WithdrawalProbe, 'customerId'> & { at: Date };
        ip?: string | null;
        device?: string | null;
        expected: Map<FraudRuleCode, CurrentRuleVersion> | null;
        travel: {
          withdrawalId: string;
          asset: string;
          network: string;
          toAddress: string;
          at: Date;
          block: TravelRuleBlock | undefined;
        };
      },
    ): Promise<{ facts: WithdrawalCheckFacts; probes: RuleProbe[] | null }> {
      const { statement, probes } = withdrawalStatement({ byId: 'id' in c.ref, expected: c.expected });
      const { ids, leis } = travelRuleVaspKeys(c.travel.block);
      const [row] = await runStatement<
        Omit<WithdrawalCheckFacts, 'withdrawn'> & Record<'day' | 'month', string>
      >(db, statement, {
        customer: 'id' in c.ref ? c.ref.id : c.ref.externalId,
        asset: c.probe.asset,
        network: c.probe.network,
        amount: c.probe.amount,
        toAddress: c.probe.toAddress,
        fromAddress: c.probe.fromAddress,
        at: c.probe.at.toISOString(),
        ip: c.ip ?? null,
        device: c.device ?? null,
        withdrawalId: c.travel.withdrawalId,
        travelAsset: c.travel.asset,
        travelNetwork: c.travel.network,
        travelAddress: c.travel.toAddress,
        travelAt: c.travel.at.toISOString(),
        vaspIds: ids,
        vaspLeis: leis,
      });
      const { day, month, ...rest } = row!;
      return { facts: { ...rest, withdrawn: { '24 hours': day, '30 days': month } }, probes };
    },

    /** The probes alone, when the rules' versions were not the expected ones (a rule changed). */
    async probed(db: DbOrTx, probes: RuleProbe[]): Promise<WithdrawalCheckFacts['probed']> {
      if (!probes.length) return [];
      const [row] = await executePrepared<{ probed: WithdrawalCheckFacts['probed'] }>(
        db,
        sql`SELECT ${probesJsonSql(probes)} AS probed`,
      );
      return row!.probed;
    },

    /** The one lookup of the customer a check names: the exchange's id, or Backdesk's. */
    customerByRef(db: DbOrTx, ref: CustomerRef): Promise<CheckedCustomer | undefined> {
      return customerWhere(db, 'id' in ref ? sql`id = ${ref.id}` : sql`external_id = ${ref.externalId}`);
    },

    /** An offer's seller, named by user name in the P2P tables (R6). */
    customerByUserName(db: DbOrTx, userName: string): Promise<CheckedCustomer | undefined> {
      return customerWhere(db, sql`user_name = ${userName}`);
    },

    /**
     * The offer a P2P check names: by the exchange's id (as it sends offers), or by its trade market
     * GUID (Backdesk's own offers, which carry none).
     */
    async offerById(db: DbOrTx, offerId: string): Promise<CheckedOffer | undefined> {
      const byGuid = UUID.test(offerId) ? sql` OR trade_market_guid = ${offerId}::uuid` : sql``;
      const { rows } = await db.execute<{
        trade_market_guid: string;
        seller_user_name: string;
        selling_contract_name: string | null;
        selling_account_address: string | null;
        status: string;
      }>(sql`SELECT trade_market_guid, seller_user_name, selling_contract_name, selling_account_address, status
               FROM p2p_offers WHERE external_id = ${offerId}${byGuid} ORDER BY external_id = ${offerId} DESC LIMIT 1`);
      const r = rows[0];
      return (
        r && {
          tradeMarketGuid: r.trade_market_guid,
          sellerUserName: r.seller_user_name,
          contractName: r.selling_contract_name,
          accountAddress: r.selling_account_address,
          status: r.status,
        }
      );
    },

    /** What a buyer has traded in a contract in the window before now, trades not cancelled (P2P caps). */
    async tradedWithin(
      db: DbOrTx,
      t: { buyerUserName: string; contractName: string | null },
      window: '24 hours' | '30 days',
    ): Promise<string> {
      const { rows } = await db.execute<{ total: string }>(sql`
        SELECT coalesce(sum(trade_amount), 0)::text AS total FROM p2p_trades
         WHERE buyer_user_name = ${t.buyerUserName} AND offer_contract_name IS NOT DISTINCT FROM ${t.contractName}
           AND status <> 'cancelled' AND created_at > now() - ${window}::interval`);
      return rows[0]!.total;
    },

    /** The withdrawal an earlier check of the exchange's id `externalRef` put under review, if any. */
    async heldWithdrawalOf(
      tx: DbOrTx,
      ref: { integrationId: number; externalRef: string },
    ): Promise<number | null> {
      const { rows } = await tx.execute<{ id: number }>(sql`
        SELECT wallet_transaction_id AS id FROM realtime_checks
         WHERE kind = 'withdrawal' AND external_ref = ${ref.externalRef}
           AND integration_id = ${ref.integrationId} AND wallet_transaction_id IS NOT NULL
         ORDER BY id LIMIT 1`);
      return rows[0] ? Number(rows[0].id) : null;
    },

    /**
     * The withdrawal a `review` puts under review, as the review flow decides it (R15, R22), under the
     * exchange's id: when the exchange sends that withdrawal later, it updates this row once the review
     * has decided it. A row the exchange already sent under that id is held in place while pending.
     */
    async insertReviewedWithdrawal(
      tx: DbOrTx,
      w: {
        externalId: string;
        integrationId: number;
        customerId: number;
        asset: string;
        network: string;
        amount: string;
        fromAddress: string | null;
        toAddress: string;
        reason: string;
        at: Date;
      },
    ): Promise<{ id: number; version: number; inserted: boolean } | null> {
      const at = w.at.toISOString();
      // bd.rollup_deltas, set for the rest of this transaction before the statement's triggers fire:
      // they append the rollups' deltas instead of upserting rows an ingestion batch may hold
      // locked until it commits (migration 0062, decision 0025), so the hold never waits on one.
      const { rows } = await tx.execute<{ id: number; version: number; inserted: boolean }>(sql`
        INSERT INTO wallet_transactions AS t (external_id, source_integration_id, received_at, customer_id, type,
                                              asset, network, amount, from_address, to_address, status,
                                              review_reason, created_at, updated_at)
        SELECT ${w.externalId}, ${w.integrationId}, ${at}::timestamptz, ${w.customerId}, 'withdrawal', ${w.asset},
               ${w.network}, ${w.amount}::numeric, ${w.fromAddress}, ${w.toAddress}, 'under_review', ${w.reason},
               ${at}::timestamptz, ${at}::timestamptz
          FROM (SELECT set_config('bd.rollup_deltas', 'on', true)) deltas
        ON CONFLICT (external_id) DO UPDATE SET status = 'under_review', review_reason = EXCLUDED.review_reason,
                                                version = t.version + 1
         WHERE t.status = 'pending' AND t.type = 'withdrawal' AND t.customer_id = EXCLUDED.customer_id
        RETURNING id, version, xmax = 0 AS inserted`);
      // xmax 0: the row is this statement's own insert, not the exchange's pending row held in place.
      // None: the row under that id is past pending, or another customer's (the caller decides).
      return rows[0]
        ? { id: Number(rows[0].id), version: Number(rows[0].version), inserted: rows[0].inserted }
        : null;
    },

    async insert(db: DbOrTx, c: NewCheck): Promise<void> {
      // A fixed text: prepared once per connection (one of the check's three round trips).
      await executeNamed(db, 'realtime-checks-insert', insertCheck(c));
    },

    /**
     * The check that held a withdrawal just now, and the hold's audit row (`create`, by the
     * integration; a hold is no event, its answer is the exchange's), in one statement: the audit row
     * `changes.run` would write, one round trip fewer in the hold's transaction (decision 0025).
     */
    async insertHolding(
      tx: Tx,
      c: NewCheck & { walletTransactionId: number },
      actor: IntegrationActor,
      after: Record<string, unknown>,
    ): Promise<void> {
      await executeNamed(
        tx,
        'realtime-checks-insert-holding',
        sql`WITH rec AS (${insertCheck(c)} RETURNING wallet_transaction_id, customer_id)
            ${auditRowsFrom(actor, {
              entity: 'wallet_transaction',
              action: 'create',
              from: sql`rec`,
              entityId: sql`rec.wallet_transaction_id`,
              customerId: sql`rec.customer_id`,
              before: sql`NULL::jsonb`,
              after: sql`${JSON.stringify(after)}::jsonb`,
            })}`,
      );
    },

    async page(db: DbOrTx, request: CheckFilters & { dir: 'asc' | 'desc'; cursor?: string; limit: number }) {
      return filteredPage<CheckRow>(
        db,
        { columns: COLUMNS, from: FROM, countFrom: sql`realtime_checks k`, where: where(request) },
        { sort: sql`k.evaluated_at`, id: sql`k.id`, dir: request.dir },
        request,
      );
    },
  };
}
export type ChecksRepository = ReturnType<typeof createChecksRepository>;
