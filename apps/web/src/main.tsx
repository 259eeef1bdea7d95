import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { initI18n } from './app/i18n.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.ts';
import { initAuth } from './features/auth/session.ts';
import { expireSession, watchAuthErrorCookie } from './features/auth/session-expiry.ts';
import { setGateRefusalListener, setSessionExpiredListener } from './lib/api.ts';
import { authStore } from './lib/auth-store.ts';
import { watchChunkErrors } from './lib/chunk-reload.ts';
import { reloadCredentials } from './lib/credentials.ts';

const router = createAppRouter({ auth: authStore });

setSessionExpiredListener(expireSession);
// A gate set up during the session (a super requires two-factor): learn it, and let the guard redirect.
setGateRefusalListener(() => {
  void reloadCredentials()
    .then(() => router.invalidate())
    .catch(() => {});
});
watchAuthErrorCookie();
watchChunkErrors();
// docs/product-rules.md R26: the build check starts about a second after load; its code need not delay the first paint.
setTimeout(() => {
  import('./app/build-freshness.ts')
    .then(({ watchBuildFreshness }) => watchBuildFreshness(router))
    .catch((error: unknown) => console.warn('Build check unavailable', error));
}, 1000);
void initI18n().catch((error: unknown) => console.error('Language setup failed', error));
void initAuth();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <App router={router} />
    </AppProviders>
  </StrictMode>,
);
