import { useAuth } from '../auth/auth-store.ts';

/** PRODUCT.md role matrix, as far as the CRM screens show or hide things (the server enforces it). */
export function useCrmPermissions() {
  const roles = useAuth().user?.user_roles ?? [];
  const adminOrSuper = roles.includes('admin') || roles.includes('super');
  return { canExport: adminOrSuper, canEditCustomerTypes: adminOrSuper };
}
