import {
  BUSINESS_KYC_TYPE,
  BUSINESS_LABEL,
  DEFAULT_CUSTOMER_TYPE,
  DEFAULT_KYC_STATUS,
  INDIVIDUAL_LABEL,
  MISSING_PHONE,
} from '@backdesk/contract/rules';
import { type SQL, sql } from 'drizzle-orm';
import { escapeLike } from './like.ts';

/**
 * A constant written into the statement rather than bound as a parameter: the planner matches an
 * index expression (schema.ts) only against the same literal.
 */
const literal = (text: string) => sql.raw(`'${text.replaceAll("'", "''")}'`);

/**
 * The customer rules of packages/contract/src/rules/customer.ts as SQL, with their literals taken
 * from there: the customer list (through CUSTOMER_COLUMNS and toCustomer), the detail, the KYC list, the
 * overview and both export formats read these expressions. The defaults equal the customer list's
 * sort expressions (CUSTOMER_SORT) and the index expressions of schema.ts.
 */
export const CUSTOMER_MAPPING = {
  phone: sql`coalesce(mobile, ${literal(MISSING_PHONE)})`,
  kyc_status: sql`coalesce(user_ky, ${literal(DEFAULT_KYC_STATUS)})`,
  kyc_type_label: sql`CASE WHEN kyc_type = ${literal(BUSINESS_KYC_TYPE)} THEN ${literal(BUSINESS_LABEL)}
    ELSE ${literal(INDIVIDUAL_LABEL)} END`,
  customer_type: sql`coalesce(customer_type, ${literal(DEFAULT_CUSTOMER_TYPE)})`,
  /**
   * isActiveCustomer: a live session token (non-empty) or the status "active". One SQL function
   * (migration 0033), which the facet counts' trigger uses too.
   */
  active: sql`public.bd_customer_active(token_hash, status)`,
} as const;

/** A search's words: split at white space, each matched on its own (R10). */
export const searchWords = (term: string) => [...new Set(term.split(/\s+/u).filter(Boolean))];

/**
 * The customer search (R10, a deliberate deviation): every word of the term, Turkish-folded
 * (bd_fold), is a substring of the stored search_text (user_name, alias_name, alias_surname,
 * alias_email joined by a unit separator no word contains, so a word matches within one field;
 * trigram-indexed, one index condition per word). A one-word term is R10's single substring.
 * `searchText` names the column, qualified when the customer is joined.
 */
export function customerSearch(searchText: SQL, term: string): SQL {
  const words = searchWords(term).map(
    (word) => sql`${searchText} LIKE '%' || public.bd_fold(${escapeLike(word)}) || '%'`,
  );
  return words.length ? sql`(${sql.join(words, sql` AND `)})` : sql`true`;
}
