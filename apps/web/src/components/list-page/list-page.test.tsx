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
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../lib/api.ts';
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
    useColumns: () => [{ accessor: 'name', title: 'Name', sortable: true }],
    rowKey: 'id',
    Filters,
    testId: 'test-list',
  };
  return { list, queries };
}

async function renderList(list: ListDefinition<Page>, url: string, onRowOpen?: (row: Row) => void) {
  const root = createRootRoute({ component: Outlet });
  const route = createRoute({
    getParentRoute: () => root,
    path: '/list',
    validateSearch: listSearch({ sortKeys: ['name'], sort: 'name', dir: 'asc', filters: { status: 'text' } }),
    component: () => <ListPage list={list} onRowOpen={onRowOpen} />,
  });
  const history: RouterHistory = createMemoryHistory({ initialEntries: [url] });
  const router = createRouter({ routeTree: root.addChildren([route]), history });
  const view = await render(<RouterProvider router={router} />);
  return { view, search: () => new URLSearchParams(history.location.search) };
}

const testId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const rows = () => [...document.querySelectorAll<HTMLElement>('tbody tr[data-row-index]')];
const keyDown = (element: Element, key: string) =>
  act(async () => {
    element.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });

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

  it('sorts by a column header: the URL holds the order, paging starts again and the query sends it', async () => {
    const { list, queries } = fakeList(() => ({
      rows: [{ id: '1', name: 'Ayşe' }],
      nextCursor: 'p2',
      prevCursor: null,
    }));
    const shown = await renderList(list, '/list?cursor=abc');
    view = shown.view;
    await waitFor(() => expect(testId('test-list')!.textContent).toContain('Ayşe'));
    // Sorted by name ascending already (the route's default): a click turns it around.
    const header = [...document.querySelectorAll('thead th')].find((th) => th.textContent?.includes('Name'))!;
    await click(header.querySelector('[role="button"]') ?? header);
    await waitFor(() => expect(shown.search().get('dir')).toBe('desc'));
    expect(shown.search().get('sort')).toBe('name');
    expect(shown.search().get('cursor')).toBeNull();
    await waitFor(() => expect(queries.at(-1)).toEqual({ sort: 'name', dir: 'desc' }));
  });

  it('moves between rows with the keys and opens the focused one with Enter', async () => {
    const { list } = fakeList(() => ({
      rows: [
        { id: '1', name: 'Ayşe' },
        { id: '2', name: 'Mehmet' },
        { id: '3', name: 'Zeynep' },
      ],
      nextCursor: null,
      prevCursor: null,
    }));
    const opened: Row[] = [];
    view = (await renderList(list, '/list', (row) => opened.push(row))).view;
    await waitFor(() => expect(rows()).toHaveLength(3));
    // One tab stop for the whole list: the first row.
    expect(rows().map((row) => row.tabIndex)).toEqual([0, -1, -1]);
    await act(async () => rows()[0]!.focus());
    await keyDown(rows()[0]!, 'j');
    await keyDown(document.activeElement!, 'ArrowDown');
    expect(document.activeElement).toBe(rows()[2]);
    await keyDown(document.activeElement!, 'k');
    await keyDown(document.activeElement!, 'Enter');
    expect(opened).toEqual([{ id: '2', name: 'Mehmet' }]);
  });

  it("words a failed load by its code in the member's language, and shows the total in its digits", async () => {
    await setTestLanguage('tr');
    try {
      const failing = fakeList(() => {
        throw new ApiRequestError(403, { code: 'FORBIDDEN', message: 'Forbidden' }, undefined);
      });
      view = (await renderList(failing.list, '/list')).view;
      await waitFor(() => expect(testId('list-error')).not.toBeNull());
      expect(testId('list-error')!.textContent).toContain('Rolünüz bu işleme izin vermiyor.');
      await view.unmount();

      const counted = fakeList(() => ({
        rows: [{ id: '1', name: 'Ayşe' }],
        total: { value: 12345, exact: true },
        nextCursor: null,
        prevCursor: null,
      }));
      view = (await renderList(counted.list, '/list')).view;
      await waitFor(() => expect(testId('list-total')!.textContent).toBe('12.345 kayıt'));
    } finally {
      await setTestLanguage('en');
    }
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
