/** The roles that may use the panel; a member without one is refused at sign-in (docs/product-rules.md R1). */
export const PANEL_ROLES = ['super', 'admin', 'manager'] as const;
export type PanelRole = (typeof PANEL_ROLES)[number];

export const isPanelRole = (role: string): role is PanelRole =>
  (PANEL_ROLES as readonly string[]).includes(role);

/** Whether a member may use the panel at all: any one panel role is enough (R1). */
export const hasPanelAccess = (roles: readonly string[]): boolean => roles.some(isPanelRole);
