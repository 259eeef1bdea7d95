import type { ListTotal } from '@backdesk/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { crmEndpoints } from '../../../features/crm/shared/endpoints.ts';
import { p2pEndpoints } from '../../../features/transactions/p2p/p2p-api.ts';
import { walletEndpoints } from '../../../features/transactions/wallet/wallet-transactions-api.ts';
import { useAmount } from '../../../lib/amounts.ts';
import { callEndpoint } from '../../../lib/api.ts';
import { useCan } from '../../../lib/can.ts';
import { formatInteger } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatApproximate } from '../../../lib/locale-format.ts';
import { navigationFor } from '../navigation.ts';
import { looksLikeGuid, looksLikeHash, looksLikeId, looksLikePhone, matchesWords } from './fold.ts';

export type ResultKind = 'page' | 'customer' | 'customers' | 'transaction' | 'trade';

/** One thing the palette can open: what it shows and where it leads. */
export interface PaletteResult {
  key: string;
  kind: ResultKind;
  label: string;
  detail?: string;
  /** A TanStack Router location: `to` with its params and search. */
  link: { to: string; params?: Record<string, string>; search?: Record<string, string> };
}

const MAX_PAGES = 6;
const MAX_CUSTOMERS = 5;

/** The pages of the navigation whose title, link text or area (in the member's language) matches. */
function usePageResults(query: string): PaletteResult[] {
  const { t, i18n } = useTranslation();
  const can = useCan();
  if (!query.trim()) return [];
  // An area's overview is titled by the area ("CRM"), any other screen by its own page title.
  const title = (key: string, fallback: string) =>
    i18n.exists(`pages.${key}`) ? t(`pages.${key}`) : fallback;
  const pages = navigationFor(can).flatMap((entry) =>
    entry.kind === 'link'
      ? [{ to: entry.to, title: title(entry.label, t(`nav.items.${entry.label}`)), text: '', area: '' }]
      : entry.items.map((item) => ({
          to: item.to,
          title: title(item.label === 'overview' ? entry.group : item.label, t(`nav.items.${item.label}`)),
          text: t(`nav.items.${item.label}`),
          area: t(`nav.groups.${entry.group}`),
        })),
  );
  return pages
    .filter((page) => matchesWords(`${page.area} ${page.text} ${page.title}`, query))
    .slice(0, MAX_PAGES)
    .map((page) => ({
      key: `page:${page.to}`,
      kind: 'page',
      label: page.title,
      detail: page.area || undefined,
      link: { to: page.to },
    }));
}

const customerName = (c: { user_name: string; alias_name: string | null; alias_surname: string | null }) =>
  [c.alias_name, c.alias_surname].filter(Boolean).join(' ') || c.user_name;

/** How many things match, of which `shown` are listed; `exact` false when a count is an estimate. */
export interface PaletteTotal {
  value: number;
  exact: boolean;
  shown: number;
}

const countOf = (data: { total: ListTotal } | undefined, shown: number): ListTotal =>
  data?.total ?? { value: shown, exact: true };

/**
 * Pages, customers (by name or email through the list's search, every word matching some field, R10;
 * by phone through its phone filter; by id through the customer detail), wallet transactions (by
 * hash) and pending P2P trades (by their offer's guid), each asked only of the endpoints the member
 * may call. The total counts every match of each source, not the few shown: the list's own count
 * endpoints, asked with the same filters (R24).
 */
export function usePaletteResults(query: string): {
  results: PaletteResult[];
  total: PaletteTotal;
  loading: boolean;
} {
  const { t } = useTranslation();
  const can = useCan();
  const { locale } = useLanguage();
  const amount = useAmount();
  const term = query.trim();
  const pages = usePageResults(term);

  const customers = useQuery({
    queryKey: ['palette', 'customers', term],
    enabled: term.length >= 2 && can(crmEndpoints.getUsers),
    staleTime: 30_000,
    queryFn: async ({ signal }) => {
      const data = await callEndpoint(crmEndpoints.getUsers, {
        query: { search: term, limit: MAX_CUSTOMERS },
        signal,
      });
      return Array.isArray(data) ? data : data.users;
    },
  });
  const byPhone = useQuery({
    queryKey: ['palette', 'customers-by-phone', term],
    enabled: looksLikePhone(term) && can(crmEndpoints.getUsers),
    staleTime: 30_000,
    queryFn: async ({ signal }) => {
      const data = await callEndpoint(crmEndpoints.getUsers, {
        query: { phone: term, limit: MAX_CUSTOMERS },
        signal,
      });
      return Array.isArray(data) ? data : data.users;
    },
  });
  const customerCount = useQuery({
    queryKey: ['palette', 'customers-count', term],
    enabled: term.length >= 2 && can(crmEndpoints.countUsers),
    staleTime: 30_000,
    queryFn: ({ signal }) => callEndpoint(crmEndpoints.countUsers, { query: { search: term }, signal }),
  });
  const phoneCount = useQuery({
    queryKey: ['palette', 'customers-by-phone-count', term],
    enabled: looksLikePhone(term) && can(crmEndpoints.countUsers),
    staleTime: 30_000,
    queryFn: ({ signal }) => callEndpoint(crmEndpoints.countUsers, { query: { phone: term }, signal }),
  });
  const byId = useQuery({
    queryKey: ['palette', 'customer', term],
    enabled: looksLikeId(term) && can(crmEndpoints.getCustomer),
    staleTime: 30_000,
    retry: false,
    queryFn: ({ signal }) =>
      callEndpoint(crmEndpoints.getCustomer, { query: { id: Number(term) }, signal, intercept: false })
        .then((detail) => detail.customer)
        .catch(() => null), // no such customer: simply no result
  });
  const transactions = useQuery({
    queryKey: ['palette', 'transactions', term],
    enabled: looksLikeHash(term) && can(walletEndpoints.list),
    staleTime: 30_000,
    queryFn: async ({ signal }) =>
      callEndpoint(walletEndpoints.list, { query: { hash: term, limit: MAX_CUSTOMERS }, signal }),
  });

  const tradeCount = useQuery({
    queryKey: ['palette', 'trades-count', term],
    enabled: looksLikeGuid(term) && can(p2pEndpoints.countTrades),
    staleTime: 30_000,
    queryFn: ({ signal }) =>
      callEndpoint(p2pEndpoints.countTrades, { query: { guid: term.toLowerCase() }, signal }),
  });
  const trades = useQuery({
    queryKey: ['palette', 'trades', term],
    enabled: looksLikeGuid(term) && can(p2pEndpoints.trades),
    staleTime: 30_000,
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(p2pEndpoints.trades, {
          query: { guid: term.toLowerCase(), limit: MAX_CUSTOMERS },
          signal,
        })
      ).items,
  });

  // One result per customer, however many sources found it; the exact id first.
  const found = [byId.data, ...(byPhone.data ?? []), ...(customers.data ?? [])].filter(
    (c): c is NonNullable<typeof c> => Boolean(c),
  );
  const customerResults: PaletteResult[] = found
    .filter((c, index) => found.findIndex((other) => other.id === c.id) === index)
    .map((c) => ({
      key: `customer:${c.id}`,
      kind: 'customer',
      label: customerName(c),
      detail: [`#${c.id}`, c.user_name, c.email, c.phone].filter(Boolean).join(' · '),
      link: { to: '/crm/customers/$customerId', params: { customerId: String(c.id) } },
    }));
  const transactionResults: PaletteResult[] = (transactions.data?.items ?? []).map((tx) => ({
    key: `transaction:${tx.id}`,
    kind: 'transaction',
    label: tx.tx_hash ?? `#${tx.id}`,
    detail: [`#${tx.id}`, tx.customer_user_name, amount(tx.amount, tx.asset)].filter(Boolean).join(' · '),
    link: { to: '/transactions/wallet-transactions', search: { hash: tx.tx_hash ?? '', id: String(tx.id) } },
  }));

  const tradeResults: PaletteResult[] = (trades.data ?? []).map((trade) => ({
    key: `trade:${trade.id}`,
    kind: 'trade',
    label: trade.trade_market_guid,
    detail: [
      `#${trade.id}`,
      trade.buyer_user_name,
      trade.seller_user_name,
      amount(trade.trade_amount, trade.selling_contract_name),
    ].join(' · '),
    link: { to: '/transactions/pending-p2p', search: { guid: trade.trade_market_guid } },
  }));

  // The customers each source found beyond those listed are counted as others' (a name search and a
  // phone search rarely find the same customer); those listed are counted once.
  const searched = countOf(customerCount.data, customers.data?.length ?? 0);
  const phoned = countOf(phoneCount.data, byPhone.data?.length ?? 0);
  const unlisted =
    Math.max(0, searched.value - (customers.data?.length ?? 0)) +
    Math.max(0, phoned.value - (byPhone.data?.length ?? 0));
  const walletTotal = transactions.data?.total ?? { value: 0, exact: true };
  const tradeTotal = countOf(tradeCount.data, trades.data?.length ?? 0);
  const shownWallet = transactions.data?.items.length ?? 0;
  const shownTrades = trades.data?.length ?? 0;
  const customerTotal = customerResults.length + unlisted;
  // More customers than listed: the customer list, searched for the same words, shows them all.
  const allCustomers: PaletteResult[] =
    customers.data && searched.value > customers.data.length
      ? [
          {
            key: 'customers:all',
            kind: 'customers',
            label: t('palette.allCustomers', {
              count: searched.value,
              formatted: searched.exact
                ? formatInteger(locale, searched.value)
                : `≈ ${formatApproximate(locale, searched.value)}`,
            }),
            link: { to: '/crm/customers', search: { search: term } },
          },
        ]
      : [];
  const results = [...customerResults, ...allCustomers, ...transactionResults, ...tradeResults, ...pages];
  return {
    results,
    total: {
      value:
        customerTotal +
        Math.max(walletTotal.value, shownWallet) +
        Math.max(tradeTotal.value, shownTrades) +
        pages.length,
      exact: searched.exact && phoned.exact && walletTotal.exact && tradeTotal.exact,
      shown: results.length - allCustomers.length,
    },
    loading:
      customerCount.isFetching ||
      phoneCount.isFetching ||
      tradeCount.isFetching ||
      customers.isFetching ||
      byPhone.isFetching ||
      byId.isFetching ||
      transactions.isFetching ||
      trades.isFetching,
  };
}
