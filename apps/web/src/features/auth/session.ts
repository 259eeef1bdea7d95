import type { LoginBody } from '@backdesk/contract';
import { SPEC_MESSAGES as specMessages } from '@backdesk/contract/messages';
import { hasPanelAccess } from '@backdesk/contract/roles';
import { ApiRequestError } from '../../lib/api.ts';
import { authStore } from '../../lib/auth-store.ts';
import { getCredentials } from '../../lib/credentials.ts';
import { login } from './login.ts';
import { type LoginFailure, toLoginFailure } from './login-failure.ts';
import { signout } from './signout.ts';

/** A member with two-factor on: the password passed, the second step is next (no session yet). */
export interface SecondStepNeeded {
  challenge: string;
  methods: ('totp' | 'passkey' | 'recovery')[];
}

export type SignInResult =
  | { ok: true }
  | { ok: false; failure: LoginFailure }
  | { ok: false; secondStep: SecondStepNeeded };

/** Learns who is signed in when the app starts; any failure simply leaves the visitor signed out. */
export async function initAuth(): Promise<void> {
  try {
    const user = await getCredentials();
    const isAdmin = hasPanelAccess(user.user_roles);
    authStore.signIn(user, isAdmin);
    if (!isAdmin) await signout().catch(() => {});
  } catch (error) {
    const noSession = error instanceof ApiRequestError && (error.status === 401 || error.status === 403);
    if (!noSession) console.error('Auth initialisation failed', error); // docs/product-rules.md R26: logged, app still shows
    authStore.signOut();
  }
}

function fail(failure: LoginFailure): SignInResult {
  authStore.signOut(failure.message ?? specMessages.loginFailed);
  return { ok: false, failure };
}

/** docs/product-rules.md R2: login, then the credential fetch, then the panel-role check. */
export async function signIn(body: LoginBody): Promise<SignInResult> {
  try {
    const response = await login(body);
    if (response.status === 'error') return fail({ message: response.message || specMessages.loginFailed });
    if (response.twoFactorRequired && response.challenge && response.methods)
      return { ok: false, secondStep: { challenge: response.challenge, methods: response.methods } };
  } catch (error) {
    return fail(toLoginFailure(error));
  }
  return completeSignIn();
}

/**
 * The end of every sign-in (after the password, or after the second step): the credential fetch and
 * the panel-role check of docs/product-rules.md R2.
 */
export async function completeSignIn(): Promise<SignInResult> {
  try {
    const user = await getCredentials();
    if (!hasPanelAccess(user.user_roles)) {
      // The server already refuses such members; this guards the client rule of docs/product-rules.md R2 regardless.
      await signout().catch(() => {});
      return fail({ code: 'ACCESS_DENIED', message: specMessages.accessDenied });
    }
    authStore.signIn(user, true);
    return { ok: true };
  } catch (error) {
    return fail(toLoginFailure(error));
  }
}
