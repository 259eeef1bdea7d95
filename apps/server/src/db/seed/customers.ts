import { COUNTRIES, type Country, slug } from './names.ts';
import { type Rng, rowRng, Stream, weighted } from './prng.ts';
import { DAY_MS, type Timeline } from './timeline.ts';

export interface Customer {
  id: number;
  userName: string;
  aliasName: string;
  aliasSurname: string;
  aliasEmail: string | null;
  mobile: string | null;
  status: string | null;
  userKy: string | null;
  kycType: 'kyc' | 'kyb';
  kycLevel: number;
  /** ISO country code of the customer's name and phone (names.ts). */
  countryCode: string;
  /** What the roles text means, for choosing sellers and buyers. */
  roleList: readonly string[];
  /** The roles column as upstream stores it (docs/product-rules.md R6): JSON, backslash-escaped JSON, a bare word or null. */
  rolesText: string | null;
  customerType: string | null;
  tokenHash: string | null;
  createDate: number;
  updateDate: number;
}

export const TIERS = ['bronze', 'silver', 'gold', 'platinum'] as const;

const pickCountry = weighted(COUNTRIES.map((c) => [c, c.share] as const));
const pickStatus = weighted([
  ['active', 62],
  ['inactive', 20],
  ['suspended', 6],
  [null, 12],
] as const);
const pickKyc = weighted([
  ['approved', 55],
  ['pending', 12],
  ['rejected', 5],
  ['kyc', 20],
  [null, 8],
] as const);
/** Someone who signed up this week has rarely been through KYC yet. */
const pickNewcomerKyc = weighted([
  ['approved', 15],
  ['pending', 40],
  ['kyc', 40],
  ['rejected', 2],
  [null, 3],
] as const);
const pickTier = weighted([
  [0, 62],
  [1, 20],
  [2, 12],
  [3, 6],
] as const);
const pickRolesShape = weighted([
  ['json', 52],
  ['escaped', 20],
  ['empty', 8],
  ['bare', 8],
  ['null', 12],
] as const);
/** The exchange's id of a seeded customer (the simulator names customers by it). */
export const seededCustomerExternalId = (id: number): string => `cus_${id}`;

/** Whether a customer with this status still holds a live session token. */
const TOKEN_SHARE: Record<string, number> = { active: 0.9, inactive: 0.35, suspended: 0.2, none: 0.7 };

/** Fills a phone pattern: # is a digit, {a|b|c} a choice. */
function fillPattern(rng: Rng, pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '#') out += String(rng.int(0, 9));
    else if (ch === '{') {
      const end = pattern.indexOf('}', i);
      out += rng.pick(pattern.slice(i + 1, end).split('|'));
      i = end;
    } else out += ch;
  }
  return out;
}

function surnameFor(rng: Rng, country: Country, female: boolean): string {
  const [male, feminine] = rng.pick(country.surnames).split('|');
  return female && feminine ? feminine : male!;
}

function rolesFor(rng: Rng, kycType: string, tier: number): string[] {
  const roles: string[] = [];
  if (rng.chance(0.85)) roles.push('trader');
  if (rng.chance(0.22)) roles.push('p2p_seller');
  if (rng.chance(0.3)) roles.push('p2p_buyer');
  if (tier >= 2 && rng.chance(0.5)) roles.push('vip');
  if (rng.chance(kycType === 'kyb' ? 0.3 : 0.05)) roles.push('api_user');
  if (rng.chance(kycType === 'kyb' ? 0.08 : 0.003)) roles.push('market_maker');
  return roles;
}

/** Upstream wrote the roles column by hand over the years; reproduce each of its shapes (docs/product-rules.md R6). */
function rolesText(rng: Rng, roles: string[]): { text: string | null; meaning: readonly string[] } {
  const json = JSON.stringify(roles);
  switch (pickRolesShape(rng)) {
    case 'json':
      return { text: json, meaning: roles };
    case 'escaped':
      return { text: json.replaceAll('"', '\\"'), meaning: roles };
    case 'empty':
      return { text: '[]', meaning: [] };
    case 'bare': {
      const word = roles[0] ?? 'trader';
      return { text: word, meaning: [word] };
    }
    default:
      return { text: null, meaning: [] };
  }
}

/** Sign-up instant alone: the first draw of the customer's generator, cheap to recompute. */
export function customerCreateDate(seed: number, timeline: Timeline, id: number): number {
  return timeline.customerCreatedAt(id, rowRng(seed, Stream.customer, id).float());
}

/** Customer `id` (1..N), rebuilt from the seed alone. */
export function customerAt(seed: number, timeline: Timeline, id: number): Customer {
  const rng = rowRng(seed, Stream.customer, id);
  const createDate = timeline.customerCreatedAt(id, rng.float());
  const country = pickCountry(rng);
  const female = rng.chance(0.45);
  const aliasName = rng.pick(female ? country.female : country.male);
  const aliasSurname = surnameFor(rng, country, female);
  const kycType = rng.chance(0.15) ? 'kyb' : 'kyc';
  const first = slug(aliasName);
  const last = slug(aliasSurname);
  const company = `${last}${rng.pick(country.companyWords)}`;

  // The id makes user names unique; a name part always ends in a letter, so no two can collide.
  const userName =
    kycType === 'kyb'
      ? `${company}${id}`
      : rng.pick([`${first}.${last}`, `${first}${last}`, `${first}_${last}`, `${first[0]}${last}`, first]) +
        id;
  let aliasEmail: string | null = null;
  if (rng.chance(0.94)) {
    if (kycType === 'kyb') aliasEmail = `${first}.${last}${id}@${company}.${country.companyTld}`;
    else {
      const local = rng.pick([
        `${first}.${last}`,
        `${first}${last}`,
        `${last}.${first}`,
        `${first[0]}${last}`,
      ]);
      aliasEmail = `${local}${id}@${rng.pick(country.mailDomains)}`;
    }
  }
  const mobile = rng.chance(0.95) ? fillPattern(rng, rng.pick(country.phones)) : null;

  const isNewcomer = timeline.now - createDate < 7 * DAY_MS;
  const userKy = isNewcomer ? pickNewcomerKyc(rng) : pickKyc(rng);
  let kycLevel = 0;
  if (userKy === 'approved') kycLevel = kycType === 'kyb' ? rng.int(2, 3) : rng.pick([1, 1, 2, 2, 2, 3]);
  else if (userKy === 'pending') kycLevel = rng.chance(0.4) ? 1 : 0;
  // A tier needs its KYC level (customer_types.required_kyc_level = tier rank).
  const tier = Math.min(pickTier(rng), kycLevel);
  const customerType = rng.chance(0.08) ? null : TIERS[tier]!;
  const roles = rolesText(rng, rolesFor(rng, kycType, tier));

  const status = pickStatus(rng);
  const tokenHash = rng.chance(TOKEN_SHARE[status ?? 'none']!) ? rng.hex(64) : null;
  const lifetime = timeline.now - createDate;
  const updateDate = rng.chance(0.3) ? createDate : createDate + Math.floor(lifetime * rng.float() ** 0.5);

  return {
    id,
    userName,
    aliasName,
    aliasSurname,
    aliasEmail,
    mobile,
    status,
    userKy,
    kycType,
    kycLevel,
    countryCode: country.code,
    roleList: roles.meaning,
    rolesText: roles.text,
    customerType,
    tokenHash,
    createDate,
    updateDate,
  };
}
