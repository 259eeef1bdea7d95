import { createRemoteJWKSet } from 'jose';
import * as oidc from 'openid-client';
import type { SsoProviderConfig } from '../../../config/sso-config.ts';
import { AppError } from '../../../lib/app-error.ts';

const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

/**
 * Each provider's OpenID configuration, discovered from its issuer on first use and kept per process
 * (it is the provider's published metadata, not state any request must agree on). A failed discovery
 * is forgotten, so the next sign-in tries again. The JWKS is fetched and refreshed by openid-client:
 * a token signed with a key it has not seen makes it fetch the key set once more (key rotation).
 */
export function createSsoProviders(
  providers: SsoProviderConfig[],
  warn: (message: string, error: unknown) => void,
) {
  const byId = new Map(providers.map((p) => [p.id, p]));
  const discovered = new Map<string, Promise<oidc.Configuration>>();

  function discover(provider: SsoProviderConfig): Promise<oidc.Configuration> {
    const issuer = new URL(provider.issuer);
    const pending = oidc
      .discovery(
        issuer,
        provider.clientId,
        { client_secret: provider.clientSecret, id_token_signed_response_alg: provider.algorithm },
        oidc.ClientSecretPost(provider.clientSecret),
        // Plain HTTP only for a provider on this machine (tests, a local Keycloak).
        isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .then((configuration) => {
        // openid-client v6 trusts the ID token of a token endpoint answer by TLS alone and skips its
        // signature; this makes it verify the signature against the provider's JWKS (a payload edited
        // on the way, e.g. by a proxy that ends TLS, is refused).
        oidc.enableNonRepudiationChecks(configuration);
        return configuration;
      })
      .catch((error: unknown) => {
        discovered.delete(provider.id);
        warn(`Single sign-on: ${provider.id} could not be discovered at ${provider.issuer}`, error);
        throw new AppError('SSO_PROVIDER_UNAVAILABLE');
      });
    discovered.set(provider.id, pending);
    return pending;
  }

  // The key sets logout tokens are checked against (jose's: openid-client checks only what it fetched
  // itself); like openid-client's, one asks the provider again for a key it has not seen.
  const logoutKeys = new WeakMap<oidc.Configuration, ReturnType<typeof createRemoteJWKSet>>();

  return {
    list: () => providers.map(({ id, name }) => ({ id, name })),
    /** The provider's JWKS as a verification key resolver; SSO_PROVIDER_UNAVAILABLE without a jwks_uri. */
    keysOf(configuration: oidc.Configuration) {
      let keys = logoutKeys.get(configuration);
      if (!keys) {
        const uri = configuration.serverMetadata().jwks_uri;
        if (!uri) throw new AppError('SSO_PROVIDER_UNAVAILABLE');
        keys = createRemoteJWKSet(new URL(uri));
        logoutKeys.set(configuration, keys);
      }
      return keys;
    },
    find: (id: string) => byId.get(id),
    /** The provider and its discovered configuration; SSO_PROVIDER_UNKNOWN or _UNAVAILABLE otherwise. */
    async open(id: string): Promise<{ provider: SsoProviderConfig; configuration: oidc.Configuration }> {
      const provider = byId.get(id);
      if (!provider) throw new AppError('SSO_PROVIDER_UNKNOWN');
      return { provider, configuration: await (discovered.get(id) ?? discover(provider)) };
    },
  };
}
export type SsoProviders = ReturnType<typeof createSsoProviders>;
