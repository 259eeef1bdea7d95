import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  type RouterHistory,
  RouterProvider,
} from '@tanstack/react-router';
import i18next from 'i18next';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { vi } from 'vitest';
import { theme } from '../app/theme.ts';
import type { Language } from '../lib/language.ts';
import { createQueryClient } from '../lib/query-client.ts';

// Component tests (a `// @vitest-environment happy-dom` file) render into the DOM with the app's own
// theme and texts; every language's JSON is bundled here, so no backend is needed.
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, texts] of Object.entries(files)) {
  const [, language, namespace] = /\/locales\/(\w+)\/(\w+)\.json$/.exec(path)!;
  resources[language!] ??= {};
  resources[language!]![namespace!] = texts;
}

// happy-dom has no FontFaceSet; Mantine's autosizing textarea listens on it for fonts loading.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });

// React's act() warns outside a test environment it knows; this is one.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export async function setTestLanguage(language: Language): Promise<void> {
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: language,
      fallbackLng: 'en',
      resources,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
    });
  }
  await i18next.changeLanguage(language);
}

export interface Rendered {
  container: HTMLElement;
  queryClient: QueryClient;
  rerender: (ui: ReactNode) => Promise<void>;
  unmount: () => Promise<void>;
}

/**
 * Renders `ui` inside Mantine (test mode: no transitions, no portals) and a fresh query client set as
 * the app's is (no retries on top of the API client's).
 */
export async function render(ui: ReactNode, queryClient = createQueryClient()): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.append(container);
  const root: Root = createRoot(container);
  const wrap = (node: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} env="test">
        {node}
      </MantineProvider>
    </QueryClientProvider>
  );
  await act(async () => root.render(wrap(ui)));
  return {
    container,
    queryClient,
    rerender: (next) => act(async () => root.render(wrap(next))),
    unmount: async () => {
      await act(async () => root.unmount());
      container.remove();
      // Its cache timers and any fetch still settling would otherwise fire after the DOM is torn down.
      queryClient.clear();
    },
  };
}

/** `ui` as the one page of a router at `url`, for components with links; `history` is where it went. */
export function inRouter(ui: ReactNode, url = '/'): { element: ReactNode; history: RouterHistory } {
  const history = createMemoryHistory({ initialEntries: [url] });
  const router = createRouter({ routeTree: createRootRoute({ component: () => ui }), history });
  return { element: <RouterProvider router={router} />, history };
}

/** Waits, letting React and pending promises settle, until `check` passes (or fails after `timeoutMs`). */
export async function waitFor<T>(check: () => T, timeoutMs = 3000): Promise<T> {
  const started = Date.now();
  for (;;) {
    try {
      return check();
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    }
  }
}

/** Types into an input or textarea the way React sees it (the native setter, then an input event). */
export async function typeInto(
  element: HTMLInputElement | HTMLTextAreaElement,
  value: string,
): Promise<void> {
  const prototype =
    element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export async function click(element: Element): Promise<void> {
  await act(async () => {
    (element as HTMLElement).click();
  });
}

/** A JSON answer as the API client reads it. */
export const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });

export interface SentRequest {
  url: string;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
}

/** The server's side: `fetch` records each request (its JSON body and Idempotency-Key) and answers with `answer`. */
export function recordingServer(answer: () => Response): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    sent.push({ url, body, idempotencyKey: new Headers(init.headers).get('Idempotency-Key') });
    return answer();
  });
  return sent;
}
