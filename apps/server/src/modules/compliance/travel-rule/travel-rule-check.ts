import {
  type CheckReason,
  checksApi,
  type SelfHostedProof,
  type TravelRuleBlock,
  type TravelRuleCurrency,
  type TravelRuleJurisdiction,
  type TravelRuleParties,
  type TravelRuleRules,
  type TravelRuleState,
  type WalletKind,
} from '@backdesk/contract';
import { Placeholder, type SQL, sql } from 'drizzle-orm';
import { DEFAULT_TRAVEL_RULE_RULES, TRAVEL_RULE_RULES_KEY } from './travel-rule-defaults.ts';
import { evaluateTravelRule } from './travel-rule-evaluate.ts';
import {
  type DirectoryVasp,
  type Given,
  givenBy,
  partiesWith,
  type TransferReads,
  vaspRefsOf,
} from './travel-rule-transfer.ts';

/** What the withdrawal check reads of the travel rule, as one JSON value of its one statement. */
export interface TravelRuleCheckFacts {
  /** The asset catalogue's word that this asset on this network is fiat (null: not in the catalogue). */
  fiat: boolean | null;
  rules: Partial<TravelRuleRules> | null;
  attribution: {
    id: number;
    vasp_id: number | null;
    self_hosted: boolean;
    proof_method: SelfHostedProof | null;
    jurisdiction: TravelRuleJurisdiction | null;
  } | null;
  rates: Partial<Record<TravelRuleCurrency, string>> | null;
  record:
    | (TravelRuleParties & {
        id: number;
        state: TravelRuleState;
        wallet_kind: WalletKind;
        counterparty_vasp_id: number | null;
        counterparty_address_id: number | null;
        counterparty_jurisdiction: TravelRuleJurisdiction | null;
      })
    | null;
  vasps: DirectoryVasp[];
}

/** The VASPs a travel-rule block names, by id and by LEI: the values of travelRuleCheckSql's `vasps`. */
export function travelRuleVaspKeys(block: TravelRuleBlock | undefined): { ids: number[]; leis: string[] } {
  const refs = vaspRefsOf(block).map((r) => r.ref);
  return {
    ids: refs.flatMap((r) => (r.id !== undefined ? [r.id] : [])),
    leis: refs.flatMap((r) => (r.lei !== undefined ? [r.lei] : [])),
  };
}

type Bound<T> = T | Placeholder;

/**
 * The travel rule's reads for a withdrawal check, as one expression of the check's statement (decision
 * 0025: one round trip): the rules, the destination's attribution, the asset's rates at the check's
 * time (ISO text), the withdrawal's record when the exchange sent it before, and the VASPs the block
 * and the record name (travelRuleVaspKeys). Any value may be a placeholder, bound per request.
 */
export function travelRuleCheckSql(c: {
  withdrawalId: Bound<string>;
  asset: Bound<string>;
  network: Bound<string>;
  toAddress: Bound<string>;
  at: Bound<string>;
  vaspIds: Bound<number[]>;
  vaspLeis: Bound<string[]>;
}): SQL {
  const at = c.at;
  const ids = c.vaspIds instanceof Placeholder ? c.vaspIds : sql.param(c.vaspIds);
  const leis = c.vaspLeis instanceof Placeholder ? c.vaspLeis : sql.param(c.vaspLeis);
  const record = sql`SELECT r.* FROM travel_rule_records r JOIN wallet_transactions w ON w.id = r.transaction_id
                      WHERE w.external_id = ${c.withdrawalId} AND w.type = 'withdrawal'`;
  return sql`(SELECT json_build_object(
    'fiat', (SELECT is_fiat FROM assets WHERE asset = ${c.asset} AND network = ${c.network}),
    'rules', (SELECT value FROM app_settings WHERE key = ${TRAVEL_RULE_RULES_KEY}),
    'attribution', (SELECT json_build_object('id', a.id, 'vasp_id', a.vasp_id, 'self_hosted', a.self_hosted,
                                             'proof_method', a.proof_method, 'jurisdiction', v.jurisdiction)
                      FROM vasp_addresses a LEFT JOIN vasps v ON v.id = a.vasp_id
                     WHERE a.network = ${c.network}
                       AND (a.address = ${c.toAddress} OR (a.is_prefix AND starts_with(${c.toAddress}, a.address)))
                     ORDER BY a.is_prefix, length(a.address) DESC LIMIT 1),
    'rates', (SELECT json_object_agg(q.quote, x.rate) FROM (VALUES ('TRY'), ('USD'), ('EUR')) AS q(quote)
              CROSS JOIN LATERAL (SELECT trim_scale(rate)::text AS rate FROM asset_rates
                                   WHERE asset = ${c.asset} AND quote = q.quote AND at <= ${at}::timestamptz
                                   ORDER BY at DESC LIMIT 1) x),
    'record', (SELECT json_build_object('id', r.id, 'state', r.state, 'wallet_kind', r.wallet_kind,
                                        'counterparty_vasp_id', r.counterparty_vasp_id,
                                        'counterparty_address_id', r.counterparty_address_id,
                                        'counterparty_jurisdiction', (SELECT jurisdiction FROM vasps WHERE id = r.counterparty_vasp_id),
                                        'originator', r.originator, 'beneficiary', r.beneficiary,
                                        'originating_vasp', r.originating_vasp, 'beneficiary_vasp', r.beneficiary_vasp)
                 FROM (${record}) r),
    'vasps', (SELECT coalesce(json_agg(json_build_object('id', v.id, 'name', v.name, 'lei', v.lei, 'country', v.country,
                                                         'jurisdiction', v.jurisdiction, 'due_diligence', v.due_diligence)), '[]'::json)
                FROM vasps v
               WHERE v.id = ANY(${ids}::int[]) OR v.lei = ANY(${leis}::text[])
                  OR v.id IN (SELECT r.counterparty_vasp_id FROM (${record}) r)
                  OR v.id = (SELECT a.vasp_id FROM vasp_addresses a
                              WHERE a.network = ${c.network}
                                AND (a.address = ${c.toAddress} OR (a.is_prefix AND starts_with(${c.toAddress}, a.address)))
                              ORDER BY a.is_prefix, length(a.address) DESC LIMIT 1))))`;
}

/** The VASPs the check read, keyed as a block names them (`id:7`, `lei:…`). */
export function checkedVasps(facts: TravelRuleCheckFacts): Map<string, DirectoryVasp> {
  const vasps = new Map<string, DirectoryVasp>();
  for (const v of facts.vasps) {
    vasps.set(`id:${v.id}`, v);
    if (v.lei) vasps.set(`lei:${v.lei}`, v);
  }
  return vasps;
}

const NONE: TravelRuleParties = {
  originator: null,
  beneficiary: null,
  originating_vasp: null,
  beneficiary_vasp: null,
};

/**
 * What the check's statement read of a withdrawal, in the shape the record's evaluation takes: the
 * withdrawal it holds is evaluated from these, as the check's reasons were (recordTransferTravelRules).
 */
export const withdrawalReadsOf = (facts: TravelRuleCheckFacts, amount: string): TransferReads => ({
  direction: 'withdrawal',
  amount,
  attribution: facts.attribution ?? undefined,
  rules: { ...DEFAULT_TRAVEL_RULE_RULES, ...(facts.rules ?? {}) },
  rates: facts.rates ?? {},
});

/**
 * The travel rule's reasons for a crypto withdrawal about to go: a rejected record or a counterparty VASP whose
 * due diligence was rejected blocks; data the rule requires that neither the request nor the record
 * holds sends it to review. The same pure evaluation as the record's.
 */
export function travelRuleCheckReasons(
  facts: TravelRuleCheckFacts,
  c: { home: TravelRuleJurisdiction; amount: string; block: TravelRuleBlock | undefined },
): CheckReason[] {
  const { checkReason } = checksApi;
  const reasons: CheckReason[] = [];
  // The travel rule is about crypto transfers: a bank transfer of fiat is none of its business.
  if (facts.fiat === true) return reasons;
  const vasps = checkedVasps(facts);
  const record = facts.record;
  if (record?.state === 'rejected')
    reasons.push(checkReason('TRAVEL_RULE_REJECTED', 'block', { recordId: Number(record.id) }));
  const attribution = facts.attribution;
  const fromRecord: Given | undefined =
    record && record.counterparty_address_id === null && record.wallet_kind !== 'unknown'
      ? {
          walletKind: record.wallet_kind,
          vaspId: record.counterparty_vasp_id,
          jurisdiction: record.counterparty_jurisdiction,
        }
      : undefined;
  const given = givenBy('withdrawal', c.block, vasps) ?? fromRecord;
  const vaspId = attribution ? attribution.vasp_id : (given?.vaspId ?? null);
  const vasp = vaspId === null ? undefined : vasps.get(`id:${vaspId}`);
  if (vasp?.due_diligence === 'rejected')
    reasons.push(checkReason('TRAVEL_RULE_VASP_REJECTED', 'block', { vaspId: vasp.id, vasp: vasp.name }));
  // Sent to the beneficiary VASP over TRP (decision 0030): the withdrawal waits for its answer.
  if (record?.state === 'awaiting_counterparty' && vasp?.due_diligence !== 'rejected')
    reasons.push(
      checkReason('TRAVEL_RULE_AWAITING_COUNTERPARTY', 'review', {
        recordId: Number(record.id),
        vasp: vasp?.name ?? '',
      }),
    );
  // A complete record was verified by an officer; a final one is decided above or by its return.
  if (
    record &&
    (record.state === 'complete' ||
      record.state === 'returned' ||
      record.state === 'rejected' ||
      record.state === 'awaiting_counterparty')
  )
    return reasons;
  const walletKind: WalletKind = attribution
    ? attribution.self_hosted
      ? 'self_hosted'
      : 'vasp'
    : (given?.walletKind ?? 'unknown');
  const reads = withdrawalReadsOf(facts, c.amount);
  const evaluation = evaluateTravelRule({
    rules: reads.rules,
    home: c.home,
    counterpartyJurisdiction: attribution ? attribution.jurisdiction : (given?.jurisdiction ?? null),
    direction: 'withdrawal',
    amount: c.amount,
    rates: reads.rates,
    walletKind,
    parties: partiesWith(record ?? NONE, c.block, vasps),
    selfHostedProof: attribution?.proof_method != null,
  });
  // Holding a withdrawal is the exchange's cost: the check holds one the rule concerns as far as it can
  // tell — data was sent or recorded, the directory knows the destination, or the rule asks for
  // verified data (at or above the threshold). A small one to an address nobody has attributed, sent
  // without data, is allowed; its record, once the exchange sends the withdrawal, is the queue's work.
  const concerned =
    c.block !== undefined || record !== null || attribution !== null || evaluation.level === 'verified';
  if (concerned && evaluation.missingFields.length > 0)
    reasons.push(
      checkReason('TRAVEL_RULE_MISSING', 'review', {
        jurisdiction: evaluation.jurisdiction,
        fields: evaluation.missingFields.join(', '),
        currency: evaluation.currency,
        amountInCurrency: evaluation.amountInCurrency,
      }),
    );
  return reasons;
}
