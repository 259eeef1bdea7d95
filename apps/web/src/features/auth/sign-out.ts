import { authStore } from '../../lib/auth-store.ts';
import { queryClient } from '../../lib/query-client.ts';
import { clearAuthCookies } from './auth-cookies.ts';
import { signout } from './signout.ts';

/** docs/product-rules.md R3: the server ends the session; whatever it answers, the local state is cleared. */
export async function signOut(): Promise<void> {
  try {
    await signout();
  } catch (error) {
    console.warn('Sign-out request failed', error);
  } finally {
    clearAuthCookies();
    authStore.signOut();
    queryClient.clear();
  }
}
