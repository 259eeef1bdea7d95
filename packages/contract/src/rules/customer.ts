/**
 * How a stored customer reads in Backdesk (docs/product-rules.md): the defaults of missing values,
 * the KYC type label and the active-customer rule. The server's SQL (customer-sql.ts) takes its
 * literals from here, so a list filtered in the database and a value computed here agree.
 */

/** A customer without a tier is in the entry tier. */
export const DEFAULT_CUSTOMER_TYPE = 'bronze';
/** A customer who has not started KYC reads as "kyc". */
export const DEFAULT_KYC_STATUS = 'kyc';
/** Shown for a customer without a phone number. */
export const MISSING_PHONE = '-';
/** The status that makes a customer active without a live session. */
export const ACTIVE_STATUS = 'active';
/** The KYC type of a company ("know your business"); every other type is an individual. */
export const BUSINESS_KYC_TYPE = 'kyb';

export const BUSINESS_LABEL = 'Business';
export const INDIVIDUAL_LABEL = 'Individual';
export const KYC_TYPE_LABELS = [INDIVIDUAL_LABEL, BUSINESS_LABEL] as const;
export type KycTypeLabel = (typeof KYC_TYPE_LABELS)[number];

export const kycTypeLabel = (kycType: string | null): KycTypeLabel =>
  kycType === BUSINESS_KYC_TYPE ? BUSINESS_LABEL : INDIVIDUAL_LABEL;

export const customerPhone = (mobile: string | null): string => mobile ?? MISSING_PHONE;

export const customerKycStatus = (userKy: string | null): string => userKy ?? DEFAULT_KYC_STATUS;

export const customerTypeOf = (customerType: string | null): string => customerType ?? DEFAULT_CUSTOMER_TYPE;

/** Active: a live session (a non-empty token hash) or the status "active". */
export const isActiveCustomer = (c: { token_hash: string | null; status: string | null }): boolean =>
  (c.token_hash ?? '') !== '' || c.status === ACTIVE_STATUS;
