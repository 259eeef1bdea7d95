import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { WebAuthnSite } from '../auth/webauthn-site.ts';

/** Loaded on first use: a third of a second that every start would pay for the rare passkey ceremony. */
const library = () => import('@simplewebauthn/server');

export interface StoredPasskey {
  credentialId: string;
  publicKey: Buffer;
  counter: number;
  transports: string[] | null;
}

/** Options as the browser takes them (challenge, relying party, credentials…), passed on as JSON. */
export type WebAuthnOptions = { challenge: string; [key: string]: unknown };

const descriptor = (key: StoredPasskey) => ({
  id: key.credentialId,
  ...(key.transports?.length ? { transports: key.transports } : {}),
});

/** The WebAuthn ceremonies, with @simplewebauthn/server doing the cryptography. */
export const webAuthn = {
  async registrationOptions(
    site: WebAuthnSite,
    member: { id: number; userName: string; displayName: string },
    existing: StoredPasskey[],
  ): Promise<WebAuthnOptions> {
    const options = await (await library()).generateRegistrationOptions({
      rpName: 'Backdesk',
      rpID: site.rpID,
      userName: member.userName,
      userDisplayName: member.displayName,
      userID: new TextEncoder().encode(`member:${member.id}`),
      attestationType: 'none',
      // A second factor, not a passwordless login: no discoverable credential is needed.
      authenticatorSelection: { residentKey: 'discouraged', userVerification: 'preferred' },
      excludeCredentials: existing.map(descriptor),
    });
    return { ...options };
  },

  /** The verified credential to store, or null when the browser's answer does not verify. */
  async verifyRegistration(site: WebAuthnSite, response: RegistrationResponseJSON, challenge: string) {
    const result = await (await library())
      .verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: site.origin,
        expectedRPID: site.rpID,
        requireUserVerification: false,
      })
      .catch(() => undefined);
    if (!result?.verified) return null;
    const { credential } = result.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
    };
  },

  async authenticationOptions(site: WebAuthnSite, keys: StoredPasskey[]): Promise<WebAuthnOptions> {
    const options = await (await library()).generateAuthenticationOptions({
      rpID: site.rpID,
      allowCredentials: keys.map(descriptor),
      userVerification: 'preferred',
    });
    return { ...options };
  },

  /** The authenticator's new signature counter, or null when the assertion does not verify. */
  async verifyAuthentication(
    site: WebAuthnSite,
    response: AuthenticationResponseJSON,
    challenge: string,
    key: StoredPasskey,
  ): Promise<number | null> {
    const result = await (await library())
      .verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: site.origin,
        expectedRPID: site.rpID,
        credential: {
          id: key.credentialId,
          publicKey: new Uint8Array(key.publicKey),
          counter: key.counter,
          ...(key.transports?.length ? { transports: key.transports as never } : {}),
        },
        requireUserVerification: false,
      })
      .catch(() => undefined);
    return result?.verified ? result.authenticationInfo.newCounter : null;
  },
};

/** The challenge a browser's answer was made for, read from its client data (base64url JSON). */
export function clientChallenge(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as {
      challenge?: unknown;
    };
    return typeof data.challenge === 'string' ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}
