/** What the selection rule (docs/product-rules.md R14) reads from a limit. */
export interface SelectableLimit {
  lid: number;
  limit_type: string;
  contract_name: string | null;
  wallet_address: string | null;
  wallet_name: string | null;
}

/** The operation a limit is looked up for. Empty inputs match nothing. */
export interface LimitLookup {
  limit_type: string;
  contract_name?: string | null;
  wallet_address?: string | null;
  wallet_name?: string | null;
}

export interface ScoredLimit<L extends SelectableLimit> {
  limit: L;
  score: number;
  matches: { contract_name: boolean; wallet_address: boolean; wallet_name: boolean };
}

export interface LimitSelection<L extends SelectableLimit> {
  winner: L | null;
  /** Every limit of the requested type, best first (the winner leads). */
  candidates: ScoredLimit<L>[];
}

const matches = (limitValue: string | null, wanted: string | null | undefined): boolean =>
  limitValue !== null && wanted !== null && wanted !== undefined && wanted !== '' && limitValue === wanted;

/**
 * docs/product-rules.md R14: among limits of the requested limit_type, +1 for a matching contract_name, +1 for
 * wallet_address, +1 for wallet_name; the highest score wins and ties go to the highest lid.
 * The one implementation: the server applies it to withdrawals, the limits page's tester shows it.
 */
export function selectLimit<L extends SelectableLimit>(
  limits: readonly L[],
  lookup: LimitLookup,
): LimitSelection<L> {
  const candidates = limits
    .filter((limit) => limit.limit_type === lookup.limit_type)
    .map((limit): ScoredLimit<L> => {
      const m = {
        contract_name: matches(limit.contract_name, lookup.contract_name),
        wallet_address: matches(limit.wallet_address, lookup.wallet_address),
        wallet_name: matches(limit.wallet_name, lookup.wallet_name),
      };
      return {
        limit,
        matches: m,
        score: Number(m.contract_name) + Number(m.wallet_address) + Number(m.wallet_name),
      };
    })
    .sort((a, b) => b.score - a.score || b.limit.lid - a.limit.lid);
  return { winner: candidates[0]?.limit ?? null, candidates };
}
