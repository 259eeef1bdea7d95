import { useAuth } from '../../auth/auth-store.ts';

/** PRODUCT.md: P2P actions, limits, commissions and withdrawal decisions are for admin and super. */
export function useCanAct(): boolean {
  const roles = useAuth().user?.user_roles ?? [];
  return roles.includes('admin') || roles.includes('super');
}
