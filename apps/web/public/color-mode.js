// Applies the stored colour mode before the first paint (spec §1). Key and values are shared
// with src/app/color-scheme-manager.ts: 'light' | 'dark' | 'system'.
(() => {
  var preference = 'system';
  try {
    preference = window.localStorage.getItem('nuxt-color-mode') || 'system';
  } catch (_) {}
  var dark =
    preference === 'dark' ||
    (preference !== 'light' &&
      window.matchMedia &&
      window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
})();
