import { uuidV4 } from './addresses.ts';
import { customerDepositAddress, type P2pContract, pickP2pContract } from './assets.ts';
import { type Customer, customerAt } from './customers.ts';
import { drawAmount, drawPrice } from './decimal-text.ts';
import { type Rng, rowRng, Stream, weighted } from './prng.ts';
import { DAY_MS, type Timeline } from './timeline.ts';

export interface Offer {
  tradeMarketGuid: string;
  sellerId: number;
  sellerUserName: string;
  contract: P2pContract;
  sellingAccountAddress: string;
  unitPrice: string;
  rankSeller: number | null;
  sellerMessage: string | null;
  status: 'active' | 'suspended';
  createdAt: number;
}

export interface Trade {
  tradeMarketGuid: string;
  buyerUserName: string;
  tradeAmount: string;
  status: string;
  createdAt: number;
}

const SELLER_MESSAGES = [
  'Hızlı onay, genelde 5 dakika içinde.',
  'Sadece kendi adınıza kayıtlı hesaptan havale/EFT kabul edilir.',
  'Açıklama kısmına kripto ile ilgili bir şey yazmayın lütfen.',
  'Ödeme sonrası dekontu sohbetten paylaşın.',
  'Ziraat, Garanti ve İş Bankası ile anında işlem.',
  '09:00–23:00 arası çevrimiçiyim.',
  'Üçüncü kişi ödemeleri iade edilir.',
  'Büyük tutarlar için önce mesaj atın.',
  'FAST ile 7/24 ödeme alıyorum.',
  'Fast release, usually within 5 minutes.',
  'Bank transfer only from an account in your own name.',
  'Please leave the transfer description empty.',
  'Online 09:00–23:00 (GMT+3).',
  'Large orders welcome, message me first.',
];
const pickRank = weighted([
  [1, 5],
  [2, 10],
  [3, 25],
  [4, 35],
  [5, 25],
] as const);
const pickTradeStatus = weighted([
  ['pending', 68],
  ['completed', 17],
  ['cancelled', 9],
  ['disputed', 6],
] as const);
/** How far back a trade in each state can reach: pending ones are hours old, settled ones months. */
const TRADE_MAX_AGE: Record<string, number> = {
  pending: 2 * DAY_MS,
  disputed: 14 * DAY_MS,
  completed: 120 * DAY_MS,
  cancelled: 120 * DAY_MS,
};

/** A random customer, preferring one holding `role` (a few tries keep it cheap). */
function customerWithRole(rng: Rng, seed: number, timeline: Timeline, role: string, avoid = 0): Customer {
  let candidate: Customer | undefined;
  for (let attempt = 0; attempt < 4; attempt++) {
    const id = rng.int(1, timeline.customers);
    if (id === avoid && timeline.customers > 1) continue;
    candidate = customerAt(seed, timeline, id);
    if (candidate.roleList.includes(role)) break;
  }
  return candidate ?? customerAt(seed, timeline, avoid === 1 && timeline.customers > 1 ? 2 : 1);
}

/** Offer `index` (0-based), rebuilt from the seed alone so trades can point at it. */
export function offerAt(seed: number, timeline: Timeline, index: number): Offer {
  const rng = rowRng(seed, Stream.offer, index);
  const tradeMarketGuid = uuidV4(rng);
  const seller = customerWithRole(rng, seed, timeline, 'p2p_seller');
  const contract = pickP2pContract(rng);
  const { min, max, scales } = contract.price;
  const createdAt = timeline.now - Math.floor((timeline.now - seller.createDate) * rng.float() ** 2);
  return {
    tradeMarketGuid,
    sellerId: seller.id,
    sellerUserName: seller.userName,
    contract,
    sellingAccountAddress: customerDepositAddress(seed, seller.id, contract.kind),
    unitPrice: drawPrice(rng, min, max, rng.pick(scales)),
    rankSeller: rng.chance(0.03) ? null : pickRank(rng),
    sellerMessage: rng.chance(0.25) ? null : rng.pick(SELLER_MESSAGES),
    status: rng.chance(0.9) ? 'active' : 'suspended',
    createdAt,
  };
}

/**
 * Trade `index` (0-based). About 3% point at a market GUID with no offer (offer withdrawn upstream),
 * so the pending list shows R16's enrichment defaults.
 */
export function tradeAt(
  seed: number,
  timeline: Timeline,
  offers: number,
  index: number,
  offerOf: (index: number) => Offer = (i) => offerAt(seed, timeline, i),
): Trade {
  const rng = rowRng(seed, Stream.trade, index);
  let guid: string;
  let contract: P2pContract;
  let notBefore = timeline.start;
  let sellerId = 0;
  if (offers === 0 || rng.chance(0.03)) {
    guid = uuidV4(rng);
    contract = pickP2pContract(rng);
  } else {
    // Popular offers draw more trades.
    const offer = offerOf(Math.floor(offers * rng.float() ** 1.6));
    guid = offer.tradeMarketGuid;
    contract = offer.contract;
    notBefore = offer.createdAt;
    sellerId = offer.sellerId;
  }
  const buyer = customerWithRole(rng, seed, timeline, 'p2p_buyer', sellerId);
  notBefore = Math.max(notBefore, buyer.createDate);
  const status = pickTradeStatus(rng);
  const reach = Math.min(TRADE_MAX_AGE[status]!, timeline.now - notBefore);
  return {
    tradeMarketGuid: guid,
    buyerUserName: buyer.userName,
    tradeAmount: drawAmount(rng, contract.tradeAmount),
    status,
    createdAt: timeline.now - Math.floor(reach * rng.float()),
  };
}

/** Offers looked up by trades, remembered while there are few enough to keep (10,000 by default). */
export function offerMemo(seed: number, timeline: Timeline, offers: number): (index: number) => Offer {
  if (offers > 50_000) return (i) => offerAt(seed, timeline, i);
  const memo = new Map<number, Offer>();
  return (i) => {
    let offer = memo.get(i);
    if (!offer) {
      offer = offerAt(seed, timeline, i);
      memo.set(i, offer);
    }
    return offer;
  };
}
