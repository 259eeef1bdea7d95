import { authStore } from '../../lib/auth-store.ts';
import { queryClient } from '../../lib/query-client.ts';
import { clearAuthCookies } from './auth-cookies.ts';
import { signout } from './signout.ts';

/**
 * docs/product-rules.md R3: the server ends the session; whatever it answers, the local state is
 * cleared. Returns the identity provider's sign-out address when the server gives one (a member
 * signed in by SSO, docs/sso.md): the caller sends the browser there instead of to /login.
 */
export async function signOut(): Promise<string | undefined> {
  try {
    const { redirectTo } = await signout();
    // Only a web address leaves the app (never a javascript: or data: URL, whoever answered).
    return redirectTo && /^https?:\/\//i.test(redirectTo) ? redirectTo : undefined;
  } catch (error) {
    console.warn('Sign-out request failed', error);
    return undefined;
  } finally {
    clearAuthCookies();
    authStore.signOut();
    queryClient.clear();
  }
}
