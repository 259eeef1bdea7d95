// Free of zod, so the web app can decide what to show before the schemas load.
import { PANEL_ROLES, type PanelRole } from './roles.ts';

/**
 * The role matrix (docs/product-rules.md R1): every endpoint names one capability, the server
 * enforces it from the endpoint's descriptor and the web app hides what the server would refuse.
 */
export const CAPABILITIES = {
  /** Read every operational screen and report. */
  read: PANEL_ROLES,
  /** Edit customer contact data, add customers and notes, restrictions, KYC and fraud-alert handling. */
  operate: PANEL_ROLES,
  /** P2P actions: cancel a trade, suspend an offer, settle a dispute. */
  p2p: ['admin', 'super'],
  /** Limits, commissions, customer types, fraud-rule settings. */
  configure: ['admin', 'super'],
  /** Decide a four-eyes request (never one's own) and a withdrawal under review. */
  approve: ['admin', 'super'],
  /** Hand work queue items (KYC cases) to another member. */
  supervise: ['admin', 'super'],
  /** Export personal data: customer lists, documents. */
  exportPersonal: ['admin', 'super'],
  /** Staff members: create, disable, change roles, reset two-factor, end sessions. */
  staff: ['super'],
  /** Stored files set aside by a check (quarantine): check every stored document again, list what was found. */
  quarantine: ['super'],
  /** The exchange's integrations: service identities, API keys, the public API's call log. */
  integrations: ['super'],
} as const satisfies Record<string, readonly PanelRole[]>;

export type Capability = keyof typeof CAPABILITIES;
/** `public`: reachable without a session (captcha, login, refresh). */
export type Access = Capability | 'public';

/** Whether a member with these roles holds the capability. */
export const hasCapability = (roles: readonly string[], access: Access): boolean =>
  access === 'public' || roles.some((role) => (CAPABILITIES[access] as readonly string[]).includes(role));
