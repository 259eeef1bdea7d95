import { queryClient } from '../../lib/query-client.ts';
import { signout } from './api/signout.ts';
import { authStore } from './auth-store.ts';

/** Spec §4/§8: the server ends the session; whatever it answers, the local state is cleared. */
export async function signOut(): Promise<void> {
  try {
    await signout();
  } catch (error) {
    console.warn('Sign-out request failed', error);
  } finally {
    authStore.signOut();
    queryClient.clear();
  }
}
