import { describe, expect, it } from 'vitest';
import { AuthenticationCredentialSchema } from './two-factor.ts';

/** Base64url text of a value `bytes` long (four characters per three bytes). */
const b64url = (bytes: number) => 'A'.repeat(Math.ceil((bytes * 4) / 3));

describe('a passkey assertion', () => {
  const assertion = (signatureBytes: number) => ({
    id: 'abc',
    rawId: 'abc',
    type: 'public-key',
    response: {
      clientDataJSON: b64url(120),
      authenticatorData: b64url(37),
      signature: b64url(signatureBytes),
    },
  });

  it('takes a post-quantum (ML-DSA-87) signature as well as an ES256 one', () => {
    // Chromium's virtual authenticator signs with ML-DSA-65 (3,309 bytes) when the server offers it.
    expect(AuthenticationCredentialSchema.safeParse(assertion(72)).success).toBe(true);
    expect(AuthenticationCredentialSchema.safeParse(assertion(4627)).success).toBe(true);
  });

  it('refuses a signature no algorithm produces', () => {
    expect(AuthenticationCredentialSchema.safeParse(assertion(7000)).success).toBe(false);
  });
});
