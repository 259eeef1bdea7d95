import { describe, expect, it } from 'vitest';
import { kycStatusOf } from './rules.ts';

const none = { approved: 0, rejected: 0, resubmission: 0 };

describe('kycStatusOf (R38)', () => {
  it('reads what happened last, on every path', () => {
    const at0 = { level: 0, pendingDocuments: 0, levelDecided: false };
    expect(kycStatusOf({ ...at0, latest: none })).toBe('kyc');
    expect(kycStatusOf({ ...at0, pendingDocuments: 1, latest: none })).toBe('pending');
    // Documents approved, level not yet raised: approved, not "not started".
    expect(kycStatusOf({ ...at0, latest: { ...none, approved: 2 } })).toBe('approved');
    // An approval beside a resubmission request: the request is what the customer must act on.
    expect(kycStatusOf({ ...at0, latest: { ...none, approved: 1, resubmission: 1 } })).toBe('resubmit');
    expect(kycStatusOf({ ...at0, pendingDocuments: 1, latest: { ...none, resubmission: 1 } })).toBe(
      'pending',
    );
    expect(kycStatusOf({ ...at0, latest: { ...none, rejected: 1, approved: 1 } })).toBe('rejected');
    // A level decided at 0.
    expect(kycStatusOf({ ...at0, levelDecided: true, latest: { ...none, approved: 1 } })).toBe('rejected');
    expect(kycStatusOf({ ...at0, levelDecided: true, latest: { ...none, resubmission: 1 } })).toBe(
      'resubmit',
    );
    expect(kycStatusOf({ level: 1, pendingDocuments: 3, levelDecided: true, latest: none })).toBe('approved');
  });
});
