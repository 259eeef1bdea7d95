// Free of zod, so the server's SQL, the pure rule and the web app read the travel-rule enums from one place
// (docs/decisions/0026-travel-rule.md).

/** A travel-rule record's states; `returned` and `rejected` are final. */
export const TRAVEL_RULE_STATES = [
  'not_in_scope',
  'required_unverified',
  'complete',
  'information_missing',
  'awaiting_counterparty',
  'returned',
  'rejected',
] as const;
export type TravelRuleState = (typeof TRAVEL_RULE_STATES)[number];

/** The states the queue shows: work still open. */
export const TRAVEL_RULE_OPEN_STATES = [
  'required_unverified',
  'information_missing',
  'awaiting_counterparty',
] as const satisfies readonly TravelRuleState[];

export const TRAVEL_RULE_FINAL_STATES = [
  'returned',
  'rejected',
] as const satisfies readonly TravelRuleState[];

export const TRAVEL_RULE_DIRECTIONS = ['deposit', 'withdrawal'] as const;
export type TravelRuleDirection = (typeof TRAVEL_RULE_DIRECTIONS)[number];

/** The jurisdictions Backdesk has rules for; `FATF` is the recommendation's default. */
export const TRAVEL_RULE_JURISDICTIONS = ['TR', 'EU', 'FATF', 'US'] as const;
export type TravelRuleJurisdiction = (typeof TRAVEL_RULE_JURISDICTIONS)[number];

/** The currencies the exchange's price rates are quoted in (asset_rates.quote). */
export const TRAVEL_RULE_CURRENCIES = ['TRY', 'EUR', 'USD'] as const;
export type TravelRuleCurrency = (typeof TRAVEL_RULE_CURRENCIES)[number];

/**
 * What a rule can require of a record; a record's missing fields name these. `originator_identifier`
 * is a national identification (T.C. identity, passport…); `originator_address_or_birth` is FATF's
 * "address, or national identity number, or customer number, or date and place of birth".
 */
export const TRAVEL_RULE_FIELDS = [
  'originator_name',
  'originator_account',
  'originator_identifier',
  'originator_address_or_birth',
  'beneficiary_name',
  'beneficiary_account',
  'counterparty_vasp',
  'self_hosted_proof',
  'rate',
] as const;
export type TravelRuleField = (typeof TRAVEL_RULE_FIELDS)[number];

/** Who is on the other side of the transfer's address. */
export const WALLET_KINDS = ['vasp', 'self_hosted', 'unknown'] as const;
export type WalletKind = (typeof WALLET_KINDS)[number];

export const VASP_PROTOCOLS = ['trp', 'trisa', 'email', 'none'] as const;
export type VaspProtocol = (typeof VASP_PROTOCOLS)[number];

export const VASP_DUE_DILIGENCE = ['pending', 'approved', 'restricted', 'rejected'] as const;
export type VaspDueDiligence = (typeof VASP_DUE_DILIGENCE)[number];

/** How a customer proved a self-hosted wallet is theirs (EU 2023/1113 art. 14(5)). */
export const SELF_HOSTED_PROOFS = ['signed_message', 'test_transfer'] as const;
export type SelfHostedProof = (typeof SELF_HOSTED_PROOFS)[number];

/**
 * Who vouches for a proof's evidence: `backdesk` recovered the signer of the message, or matched the
 * test transfer to a deposit of its own ledger; `officer` checked a signature Backdesk cannot verify.
 */
export const PROOF_VERIFIERS = ['backdesk', 'officer'] as const;
export type ProofVerifier = (typeof PROOF_VERIFIERS)[number];

/**
 * The networks whose addresses are Ethereum's (secp256k1 keys, keccak-256 addresses), so a message
 * signed with `personal_sign` (EIP-191) names its signer: Backdesk verifies those signatures.
 */
export const EVM_NETWORKS = [
  'ETH',
  'ETHEREUM',
  'ERC20',
  'ARBITRUM',
  'OPTIMISM',
  'BASE',
  'POLYGON',
  'BSC',
  'BEP20',
  'AVAXC',
] as const;
export const isEvmNetwork = (network: string): boolean =>
  (EVM_NETWORKS as readonly string[]).includes(network.toUpperCase());

export const TRAVEL_RULE_SORT_KEYS = ['created_at', 'deadline'] as const;
export const VASP_SORT_KEYS = ['name', 'review_date', 'created_at'] as const;
/** The self-hosted wallets: by when their proof was checked, a missing proof first. */
export const SELF_HOSTED_SORT_KEYS = ['proof_checked_at', 'created_at'] as const;
/** Whether a self-hosted wallet's proof of ownership is recorded. */
export const SELF_HOSTED_PROOF_STATES = ['missing', 'recorded'] as const;

/** IVMS101's code lists (IVMS101 2020, section 6). */
export const NATURAL_NAME_TYPES = ['ALIA', 'BIRT', 'MAID', 'LEGL', 'MISC'] as const;
export const LEGAL_NAME_TYPES = ['LEGL', 'SHRT', 'TRAD'] as const;
export const NATIONAL_IDENTIFIER_TYPES = [
  'ARNU',
  'CCPT',
  'RAID',
  'DRLC',
  'FIIN',
  'TXID',
  'SOCS',
  'IDCD',
  'LEIX',
  'MISC',
] as const;
export type NationalIdentifierType = (typeof NATIONAL_IDENTIFIER_TYPES)[number];
export const ADDRESS_TYPES = ['HOME', 'BIZZ', 'GEOG'] as const;

/** The IVMS101 field-issue rules Backdesk words itself (the web app's `errors:issues` keys). */
export const IVMS_ISSUE_RULES = [
  'ivms_country',
  'ivms_lei',
  'ivms_birth_date',
  'ivms_address_town',
  'ivms_name_required',
  'ivms_lei_natural',
  'ivms_person_kind',
  'ivms_person_required',
] as const;
