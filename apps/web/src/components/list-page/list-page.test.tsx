// @vitest-environment happy-dom
import type { ListKey } from '@backdesk/contract';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  type RouterHistory,
  RouterProvider,
} from '@tanstack/react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { click, type Rendered, render, setTestLanguage, typeInto, waitFor } from '../../test/dom.tsx';
import type { ListDefinition, ListFiltersProps } from './list-page.tsx';
import { ListPage } from './list-page.tsx';
import { listSearch } from './list-search.ts';
import { type ListPage as ListPageData, listSource } from './list-source.ts';

interface Row {
  id: string;
  name: string;
}
type Page = ListPageData<Row>;

/** A list whose rows come from `pages`, keyed by the query the kit sends; every query is recorded. */
function fakeList(pages: (query: Record<string, unknown>) => Page) {
  const queries: Record<string, unknown>[] = [];
  const source = listSource<never, Page>({
    endpoint: undefined as never,
    queryKey: ['test-list'],
    fetchPage: async (query) => {
      queries.push({ ...(query as Record<string, unknown>) });
      return pages(query as Record<string, unknown>);
    },
  });
  // A plain input, so the test drives the kit's setFilter without a debounce in between.
  function Filters({ filter }: ListFiltersProps) {
    const status = filter('status');
    return (
      <input
        data-testid="status-filter"
        value={status.value ?? ''}
        onChange={(event) => status.onChange(event.currentTarget.value || undefined)}
      />
    );
  }
  const list: ListDefinition<Page> = {
    key: 'crm.customer-types' as ListKey,
    source,
    useColumns: () => [{ accessor: 'name', title: 'Name' }],
    rowKey: 'id',
    Filters,
    testId: 'test-list',
  };
  return { list, queries };
}

async function renderList(list: ListDefinition<Page>, url: string) {
  const root = createRootRoute({ component: Outlet });
  const route = createRoute({
    getParentRoute: () => root,
    path: '/list',
    validateSearch: listSearch({ sortKeys: ['name'], sort: 'name', dir: 'asc', filters: { status: 'text' } }),
    component: () => <ListPage list={list} />,
  });
  const history: RouterHistory = createMemoryHistory({ initialEntries: [url] });
  const router = createRouter({ routeTree: root.addChildren([route]), history });
  const view = await render(<RouterProvider router={router} />);
  return { view, search: () => new URLSearchParams(history.location.search) };
}

const testId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);

describe('ListPage (the list kit)', () => {
  let view: Rendered | undefined;
  beforeAll(async () => {
    await setTestLanguage('en');
    // Saved views ask the server; there is none here, and the list works without them.
    vi.stubGlobal('fetch', () => Promise.reject(new Error('no server in component tests')));
  });
  afterEach(async () => {
    await view?.unmount();
    view = undefined;
  });

  it('reads its filters from the URL, sends them, and writes a change back to the URL from the first page', async () => {
    const { list, queries } = fakeList(() => ({
      rows: [{ id: '1', name: 'Ayşe' }],
      nextCursor: null,
      prevCursor: null,
    }));
    const shown = await renderList(list, '/list?status=open&cursor=abc');
    view = shown.view;
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ status: 'open', cursor: 'abc' }));
    expect(testId('clear-filters')).not.toBeNull();

    const input = testId('status-filter') as HTMLInputElement;
    await typeInto(input, 'closed');
    await waitFor(() => expect(shown.search().get('status')).toBe('closed'));
    expect(shown.search().get('cursor')).toBeNull();
    await waitFor(() => expect(queries.at(-1)).toEqual({ sort: 'name', dir: 'asc', status: 'closed' }));

    await click(testId('clear-filters')!);
    await waitFor(() => expect(shown.search().get('status')).toBeNull());
    expect(testId('clear-filters')).toBeNull();
  });

  it('pages by the cursors the answer gives, and only where there is a page to go to', async () => {
    const { list, queries } = fakeList((query) =>
      query.cursor === 'p2'
        ? { rows: [{ id: '2', name: 'Mehmet' }], nextCursor: null, prevCursor: 'p1' }
        : { rows: [{ id: '1', name: 'Ayşe' }], nextCursor: 'p2', prevCursor: null },
    );
    const shown = await renderList(list, '/list');
    view = shown.view;
    await waitFor(() => expect(testId('test-list')!.textContent).toContain('Ayşe'));
    expect((testId('page-previous') as HTMLButtonElement).disabled).toBe(true);
    expect((testId('page-next') as HTMLButtonElement).disabled).toBe(false);

    await click(testId('page-next')!);
    await waitFor(() => expect(testId('test-list')!.textContent).toContain('Mehmet'));
    expect(shown.search().get('cursor')).toBe('p2');
    expect(queries.at(-1)).toMatchObject({ cursor: 'p2' });
    expect((testId('page-next') as HTMLButtonElement).disabled).toBe(true);
    expect((testId('page-previous') as HTMLButtonElement).disabled).toBe(false);
  });

  it("says so when nothing matches, in the member's language", async () => {
    await setTestLanguage('tr');
    try {
      const { list } = fakeList(() => ({ rows: [], nextCursor: null, prevCursor: null }));
      view = (await renderList(list, '/list?status=none')).view;
      await waitFor(() => expect(testId('test-list')!.textContent).toContain('Eşleşen kayıt yok'));
      expect(testId('test-list')!.textContent).not.toContain('Ayşe');
    } finally {
      await setTestLanguage('en');
    }
  });
});
