/**
 * Shared server-paginated list (mantine-datatable underneath). Every piece of list state — filters,
 * sort, direction, cursor — lives in the URL; the page owns it and hands it in.
 *
 * Route: `validateSearch: listSearch({ sortKeys, sort, dir, filters: ['status', …] })`, imported from
 * './list-search.ts' directly, never from this index: route definitions are in the entry chunk, and
 * this index also reaches the table (mantine-datatable and its CSS, kept for its side effect), which
 * would then land in the entry and break the sign-in page's size budget. No zod there either. Page:
 *
 *   const search = Route.useSearch(); const navigate = Route.useNavigate();
 *   <DataList
 *     records={page?.items}            // undefined → loader; [] → empty state
 *     columns={columns}                // mantine-datatable columns; `sortable: true` columns sort by
 *                                      // their `accessor`, which must be one of the list's sort keys
 *     idAccessor="id"
 *     fetching={isFetching}
 *     total={page?.total}              // { value, exact }: shown as "10,000+" when not exact
 *     nextCursor={page?.nextCursor} prevCursor={page?.prevCursor}
 *     state={search}                   // { sort, dir, cursor }
 *     onStateChange={(patch) => navigate({ search: (prev) => ({ ...prev, ...patch }) })}
 *     filters={<… inputs …/>}          // filter bar slot; each change should also reset `cursor`
 *     filtersActive={…} onClearFilters={…}   // "Clear filters" button, shown when filtersActive
 *     exportLink={{ path: '/api/…/export', query: { ...filters, sort, dir } }}  // omit to hide
 *     error={<Alert …/>}               // shown above the table
 *     emptyText="…" onRowClick={(row) => …} testId="customers"
 *   />
 *
 * Sorting or a filter change drops the cursor (back to the first page). The component's own few
 * labels come in English and Turkish with it (labels.ts), so it needs no locale namespace.
 */

export type { DataListState } from './data-list.tsx';
export { DataList, type DataListProps } from './data-list.tsx';
export { type ListSearch, listSearch, type SortDir } from './list-search.ts';
