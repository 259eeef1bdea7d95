import { SSO_PROVIDER_ID } from '@backdesk/contract/auth';
import { z } from 'zod';

/** The roles a provider's claim may map to: those that open the panel (admin, super and manager). */
const PANEL_ROLES = ['admin', 'super', 'manager'] as const;

const ProviderSchema = z.strictObject({
  id: z.string().regex(SSO_PROVIDER_ID, 'lower-case letters, digits and dashes'),
  /** Shown on the sign-in page: "Sign in with {name}". */
  name: z.string().trim().min(1).max(60),
  issuer: z.url(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  scopes: z.string().default('openid profile email'),
  /** The ID-token claim holding the person's groups or roles (an array or a space-separated string). */
  roleClaim: z.string().min(1).default('groups'),
  /** A claim value → the Backdesk role it grants; a person none of whose values maps is refused. */
  roles: z
    .record(z.string(), z.enum(PANEL_ROLES))
    .refine((m) => Object.keys(m).length > 0, 'map at least one value'),
  /** Ask the ID token to show multi-factor authentication (amr contains mfa, otp, hwk, swk or fido…). */
  requireMfa: z.boolean().default(false),
  /** The one signature algorithm the ID token may use (a token signed otherwise is refused). */
  algorithm: z.enum(['RS256', 'PS256', 'ES256', 'EdDSA']).default('RS256'),
  /** The provider's end-session endpoint is used on sign-out when it has one. */
  endSession: z.boolean().default(true),
});
export type SsoProviderConfig = z.output<typeof ProviderSchema>;

export interface SsoConfig {
  providers: SsoProviderConfig[];
  /** Passwords refused for everyone but `breakGlassUser` (a super whose password and two-factor stay). */
  only: boolean;
  breakGlassUser: string | null;
}

/**
 * OIDC_PROVIDERS: a JSON array of providers (docs/sso.md); SSO_ONLY with SSO_BREAK_GLASS_USER makes
 * the providers the only way in but for that one member. A mistake stops the start with its place.
 */
export function parseSsoConfig(env: {
  OIDC_PROVIDERS?: string;
  SSO_ONLY?: boolean;
  SSO_BREAK_GLASS_USER?: string;
}): SsoConfig {
  let raw: unknown = [];
  if (env.OIDC_PROVIDERS?.trim()) {
    try {
      raw = JSON.parse(env.OIDC_PROVIDERS);
    } catch {
      throw new Error(
        'Invalid configuration:\n  OIDC_PROVIDERS: not JSON (an array of providers, docs/sso.md)',
      );
    }
  }
  const parsed = z.array(ProviderSchema).max(10).safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  OIDC_PROVIDERS ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const ids = parsed.data.map((p) => p.id);
  if (new Set(ids).size !== ids.length)
    throw new Error('Invalid configuration:\n  OIDC_PROVIDERS: an id is used twice');
  const only = env.SSO_ONLY ?? false;
  const breakGlassUser = env.SSO_BREAK_GLASS_USER?.trim().toLowerCase() || null;
  if (only && parsed.data.length === 0)
    throw new Error('Invalid configuration:\n  SSO_ONLY: needs at least one provider in OIDC_PROVIDERS');
  if (only && !breakGlassUser)
    throw new Error('Invalid configuration:\n  SSO_ONLY: name the break-glass super in SSO_BREAK_GLASS_USER');
  return { providers: parsed.data, only, breakGlassUser };
}

/** The Backdesk roles a person's claim values give, by the provider's map. */
export function mappedRoles(provider: SsoProviderConfig, claims: Record<string, unknown>): string[] {
  const value = claims[provider.roleClaim];
  const values = Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string')
    : typeof value === 'string'
      ? value.split(/\s+/).filter(Boolean)
      : [];
  return [...new Set(values.flatMap((v) => (provider.roles[v] ? [provider.roles[v]!] : [])))].sort();
}

/** amr values (RFC 8176) that mean a second factor was used. */
const MFA_METHODS = new Set(['mfa', 'otp', 'hwk', 'swk', 'fido', 'sms', 'tel', 'face', 'fpt', 'iris']);

export const showsMfa = (claims: Record<string, unknown>): boolean =>
  Array.isArray(claims.amr) && claims.amr.some((m) => typeof m === 'string' && MFA_METHODS.has(m));
