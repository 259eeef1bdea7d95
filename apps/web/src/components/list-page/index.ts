/**
 * The list-page kit: a list is declared once and every list gets the same chrome — filters in the
 * URL, saved filters (per member, on the server), export of exactly the filtered rows, a column
 * chooser and density (per member and list), a sticky header, a pinned action column, keyboard row
 * navigation (↑/↓ or j/k, Enter opens), total, page size and keyset pages. Adding a list:
 *
 * 1. the contract's GET endpoint (server paging: `listQuerySchema` query, `pageSchema` response);
 * 2. one columns file declaring the list:
 *
 *      const source = listSource({ endpoint: fooEndpoints.list, queryKey: ['area', 'foo'] });
 *      export const fooList = defineList({
 *        key: 'area.foo', source, testId: 'foo-list', rowKey: 'id',
 *        useColumns: () => [...],                      // mantine-datatable columns; useColumnKit()
 *                                                      // builds amount, date and code columns
 *        Filters: ({ filter }) => <TextFilter {...filter('q')} label=… />,  // name, value, onChange
 *        exportEndpoint: fooEndpoints.export,          // shown only when can(export)
 *      });
 *
 * 3. the route: `...listRoute(listSearch({ sortKeys, sort, dir, filters }), 'area.foo')` and a
 *    component rendering `<ListPage list={fooList} onRowOpen={…} rowActions={…} />` under its
 *    PageHeader.
 *
 * Routes import './list-search.ts' directly, never this index: route options sit in the entry chunk
 * and this index reaches the table (mantine-datatable), which would break the sign-in page's budget.
 */

export { useAmountColumnKit, useColumnKit } from './columns.tsx';
export { DateFilter, SelectFilter, TextFilter } from './filters.tsx';
export {
  defineList,
  type ListDefinition,
  type ListFiltersProps,
  ListPage,
  useListSearch,
} from './list-page.tsx';
export type { ListSearch, SortDir } from './list-search.ts';
export { type ListPage as ListPageData, listSource, type SearchValues } from './list-source.ts';
