import type { StaffUser } from '@backdesk/contract';
import { useSyncExternalStore } from 'react';

/**
 * docs/product-rules.md R3 auth state. In the browser `token` and `refreshToken` stay null: the server keeps both
 * in HttpOnly cookies so no script can read them; the fields exist for the original answer's shape only (R3).
 */
export interface AuthState {
  user: StaffUser | null;
  token: string | null;
  refreshToken: string | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  isLoading: boolean;
  error: string | null;
}

const signedOut: AuthState = {
  user: null,
  token: null,
  refreshToken: null,
  isAuthenticated: false,
  isAdmin: false,
  isLoading: false,
  error: null,
};

export function createAuthStore() {
  let state: AuthState = { ...signedOut, isLoading: true };
  const listeners = new Set<() => void>();
  const set = (next: AuthState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /**
     * docs/product-rules.md R2: signed in only with a panel role (`isAdmin`, from the contract's hasPanelAccess);
     * anyone else stays signed out.
     */
    signIn(user: StaffUser, isAdmin: boolean) {
      set({ ...signedOut, user: isAdmin ? user : null, isAuthenticated: isAdmin, isAdmin });
    },
    signOut(error: string | null = null) {
      set({ ...signedOut, error });
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;

/** The app's one auth store: the router guard, the API client's expiry flow and the UI share it. */
export const authStore = createAuthStore();

export const useAuth = (): AuthState => useSyncExternalStore(authStore.subscribe, authStore.getState);
