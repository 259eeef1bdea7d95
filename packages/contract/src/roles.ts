/** Roles a staff member may hold. Only the panel roles may sign in (spec §1, §6). */
export const PANEL_ROLES = ['super', 'admin', 'manager'] as const;
export type PanelRole = (typeof PANEL_ROLES)[number];

export const isPanelRole = (role: string): role is PanelRole =>
  (PANEL_ROLES as readonly string[]).includes(role);

/** Spec §4: isAdmin holds when any role is admin, super or manager. */
export const hasPanelAccess = (roles: readonly string[]): boolean => roles.some(isPanelRole);
