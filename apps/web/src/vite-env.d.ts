/// <reference types="vite/client" />

/** Id of the build this bundle belongs to ('dev' under the dev server); see build/build-meta-plugin.ts. */
declare const __BUILD_ID__: string;
