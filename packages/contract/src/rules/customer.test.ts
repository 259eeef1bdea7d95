import { describe, expect, it } from 'vitest';
import {
  customerKycStatus,
  customerPhone,
  customerTypeOf,
  isActiveCustomer,
  kycTypeLabel,
} from './customer.ts';

describe('customer rules', () => {
  it('labels kyb Business and every other KYC type Individual', () => {
    expect(kycTypeLabel('kyb')).toBe('Business');
    expect(kycTypeLabel('kyc')).toBe('Individual');
    expect(kycTypeLabel('KYB')).toBe('Individual');
    expect(kycTypeLabel(null)).toBe('Individual');
  });

  it('fills missing values with the defaults, keeping an empty text as it is', () => {
    expect(customerPhone(null)).toBe('-');
    expect(customerPhone('')).toBe('');
    expect(customerPhone('+90 532 000 00 00')).toBe('+90 532 000 00 00');
    expect(customerKycStatus(null)).toBe('kyc');
    expect(customerKycStatus('approved')).toBe('approved');
    expect(customerTypeOf(null)).toBe('bronze');
    expect(customerTypeOf('gold')).toBe('gold');
  });

  it('counts a customer active by a non-empty token hash or by the status "active" alone', () => {
    expect(isActiveCustomer({ token_hash: 'abc', status: null })).toBe(true);
    expect(isActiveCustomer({ token_hash: null, status: 'active' })).toBe(true);
    expect(isActiveCustomer({ token_hash: '', status: 'inactive' })).toBe(false);
    expect(isActiveCustomer({ token_hash: null, status: 'Active' })).toBe(false);
    expect(isActiveCustomer({ token_hash: null, status: null })).toBe(false);
  });
});
