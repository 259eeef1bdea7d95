import 'mantine-datatable/styles.css';
import type { EndpointDef, ListKey } from '@backdesk/contract';
import { Alert, Box, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconChevronLeft, IconChevronRight, IconFilterOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import clsx from 'clsx';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { type ComponentType, memo, type ReactNode, useCallback, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth-store.ts';
import { useCan } from '../../lib/can.ts';
import type { EndpointRef } from '../../lib/contract.ts';
import { errorText } from '../../lib/errors.ts';
import { formatInteger } from '../../lib/format.ts';
import { useLanguage } from '../../lib/language.ts';
import { formatApproximate } from '../../lib/locale-format.ts';
import { contentReady } from '../content-ready.ts';
import { BackgroundExports } from './background-exports.tsx';
import { sortRows } from './client-sort.ts';
import { ColumnChooser } from './column-chooser.tsx';
import { ExportMenu } from './export-menu.tsx';
import { ListFetching } from './list-fetching.tsx';
import classes from './list-page.module.css';
import { type Density, useListPrefs } from './list-prefs.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, registerList, type SortDir } from './list-search.ts';
import type { ListPage as ListPageData, ListSource, SearchValues } from './list-source.ts';
import { rowTabIndex, useRowKeyboard } from './row-keyboard.ts';
import { SavedViews } from './saved-views.tsx';

/** What a list's filter bar gets: the URL search and a setter that also goes back to the first page. */
export interface ListFiltersProps {
  search: Readonly<Record<string, string | undefined>>;
  setFilter: (key: string) => (value: string | undefined) => void;
  /** A filter's name, value and onChange in one: `<TextFilter {...filter('network')} label=… />`. */
  filter: (key: string) => {
    name: string;
    value: string | undefined;
    onChange: (value: string | undefined) => void;
  };
}

export interface ListDefinition<P extends ListPageData<unknown>, Row = P['rows'][number]> {
  /** Names the list for saved filters and the column choice: "crm.customers". */
  key: ListKey;
  /** Where the rows come from (list-source.ts). */
  source: ListSource<P>;
  /**
   * The columns (mantine-datatable). A `sortable` column sorts by its accessor, which must be one of
   * the route's sort keys; a column's `title` is what the column chooser lists.
   */
  useColumns: () => DataTableColumn<Row>[];
  rowKey: (keyof Row & string) | ((row: Row) => string);
  /** The filter bar; omit for a list without filters. */
  Filters?: ComponentType<ListFiltersProps>;
  /** Offered as CSV/XLSX of exactly the filtered rows, to members the endpoint allows. */
  exportEndpoint?: EndpointRef<EndpointDef>;
  /** data-testid of the list (browser tests find it by this). */
  testId: string;
  /** More attributes per row (e.g. `data-lid`), for tests and styling. */
  rowAttributes?: (row: Row) => Record<string, string | number>;
  /** Columns (accessors) hidden until the member shows them in the column chooser: a 1280 px screen fits the rest. */
  hiddenByDefault?: readonly string[];
  /** Keep the last column in view while the rest scrolls sideways (a status shown last). Row actions always are. */
  pinLastColumn?: boolean;
  /** The failure as the list's own rules word it; by default the error's code in the member's language. */
  describeError?: (error: unknown) => ReactNode;
  /** Locale namespaces the page's text needs, loaded with its rows; by default the key's area ("crm"). */
  namespaces?: readonly string[];
}

/** Declares a list once; its route's `listLoader(key)` (list-search.ts) prefetches it by key. */
export const defineList = <P extends ListPageData<unknown>>(list: ListDefinition<P>): ListDefinition<P> => {
  const namespaces = list.namespaces ?? [list.key.split('.')[0]!];
  registerList(list.key, (search, cause) => list.source.prefetch(search as SearchValues, cause, namespaces));
  return list;
};

export type ListSearchState = SearchValues & { sort: string; dir: SortDir; cursor?: string; limit?: number };

const ACTIONS = '__actions';

/** What the page keeps above and below the table's own scroll area (the header stays in view). */
const TABLE_CHROME_PX = 180;
const TABLE_MAX_HEIGHT = `calc(100dvh - ${TABLE_CHROME_PX}px)`;
/** The lowest height of a row per density, to know how many rows fill the table. */
const MIN_ROW_PX: Record<Density, number> = { comfortable: 36, compact: 22 };

/**
 * The first render of a list shows only the rows that fill its scroll area; the rest follow in a
 * background render that React splits into short tasks. Rendering 50 or 200 rows at once is one
 * long task that holds the page; the rows added later go below the visible ones, so nothing moves.
 */
function useFirstRowsFirst<Row>(rows: Row[] | undefined, density: Density): Row[] | undefined {
  const first = useMemo(() => {
    const fit = Math.ceil((window.innerHeight - TABLE_CHROME_PX) / MIN_ROW_PX[density]) + 1;
    return rows && rows.length > fit ? rows.slice(0, Math.max(fit, 1)) : rows;
  }, [rows, density]);
  return useDeferredValue(rows, first);
}

/**
 * The URL search of the current list route, and a setter that merges a patch into it. Pages use it
 * for what sits beside the list (a header action about the current filters, a drawer's id).
 */
export function useListSearch() {
  const search = useSearch({ strict: false }) as ListSearchState;
  const navigate = useNavigate();
  // The kit serves every list route, so it cannot name one route's search type; whatever it writes
  // passes that route's validateSearch before any page or loader reads it.
  type AnySearch = (prev: SearchValues) => never;
  // Stable, so the memoised table (ListTable) is not drawn again for a new setter.
  const set = useCallback(
    (patch: SearchValues) =>
      void navigate({ to: '.', search: ((prev) => ({ ...prev, ...patch })) as AnySearch }),
    [navigate],
  );
  const replace = useCallback(
    (next: SearchValues) => void navigate({ to: '.', search: ((_prev) => next) as AnySearch }),
    [navigate],
  );
  return { search, set, replace };
}

/**
 * Every list page's table: filters, saved filters, export, column chooser and density over a sticky
 * header, rows with keyboard navigation and a pinned action column, then total, page size and pages.
 * All list state is in the URL (see list-search.ts); the page gives only what the rows do.
 */
export function ListPage<P extends ListPageData<unknown>, Row = P['rows'][number]>({
  list,
  onRowOpen,
  rowActions,
  emptyText,
}: {
  list: ListDefinition<P, Row>;
  /** A click or Enter on a row. */
  onRowOpen?: (row: Row) => void;
  /** Buttons of one row, in a column pinned to the right edge so they are never cut off. */
  rowActions?: (row: Row) => ReactNode;
  emptyText?: string;
}) {
  const { t } = useTranslation('list');
  const { locale } = useLanguage();
  const can = useCan();
  const { search, set, replace } = useListSearch();
  const { source } = list;
  const refresh = source.useRefresh();
  const pageQuery = source.pageOptions(search, refresh);
  // Read for what it holds, not whether it is fetching (ListFetching shows that), so a refresh that
  // brings the same rows leaves the page and its table as they are.
  const page = useQuery(pageQuery);
  const count = useQuery(source.countOptions(search, refresh));
  const [prefs, setPrefs] = useListPrefs(useAuth().user?.id, list.key, list.hiddenByDefault);
  const declared = list.useColumns();

  const filters = source.filters(search);
  const filtersActive = Object.keys(filters).length > 0;
  const setFilter = (key: string) => (value: string | undefined) => set({ [key]: value, cursor: undefined });
  const client = source.mode === 'client';
  const rows = useMemo(() => {
    const loaded = (page.isError ? [] : page.data?.rows) as Row[] | undefined;
    return client && loaded ? sortRows(loaded, search.sort, search.dir, locale) : loaded;
  }, [page.isError, page.data, client, search.sort, search.dir, locale]);
  const shownRows = useFirstRowsFirst(rows, prefs.density);
  const total = page.isError
    ? undefined
    : client
      ? rows && { value: rows.length, exact: true }
      : source.hasCount
        ? count.data
        : page.data?.total;

  const choosable = declared.flatMap((c) =>
    typeof c.title === 'string' && c.title ? [{ accessor: String(c.accessor), title: c.title }] : [],
  );
  const keyboard = useRowKeyboard(shownRows, (index) => {
    if (onRowOpen && rows?.[index]) onRowOpen(rows[index]);
  });

  const totalText =
    total &&
    (total.exact
      ? t('total', { count: total.value, formatted: formatInteger(locale, total.value) })
      : t('totalEstimated', { formatted: formatApproximate(locale, total.value) }));

  return (
    <Stack
      gap="sm"
      data-testid={list.testId}
      // 'all' once the background render has added every row of the page (browser tests count them).
      data-rows-shown={shownRows?.length === rows?.length ? 'all' : 'first'}
      // The rows of these filters, not the previous filters' rows kept on screen while they load.
      {...contentReady(
        shownRows !== undefined && !page.isError && !page.isPlaceholderData,
        JSON.stringify(filters),
      )}
    >
      {list.Filters && (
        <Group align="flex-end" gap="sm">
          <list.Filters
            search={search as ListFiltersProps['search']}
            setFilter={setFilter}
            filter={(key) => ({
              name: key,
              value: search[key] as string | undefined,
              onChange: setFilter(key),
            })}
          />
          {filtersActive && (
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={16} stroke={1.7} />}
              onClick={() =>
                set({
                  ...Object.fromEntries(Object.keys(filters).map((k) => [k, undefined])),
                  cursor: undefined,
                })
              }
              data-testid="clear-filters"
            >
              {t('clearFilters')}
            </Button>
          )}
        </Group>
      )}
      {/* The filters take the whole width; the list's own tools sit on the line of its total. */}
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" data-testid="list-total">
          {totalText}
        </Text>
        <Group gap="xs" wrap="nowrap">
          {list.Filters && (
            <SavedViews
              list={list.key}
              current={{ ...filters, sort: search.sort, dir: search.dir, limit: search.limit }}
              onApply={(view) => replace(view)}
            />
          )}
          {list.exportEndpoint && can(list.exportEndpoint) && (
            <ExportMenu
              path={list.exportEndpoint.path}
              query={{ ...filters, sort: search.sort, dir: search.dir }}
              label={t('export')}
              formats={{ csv: t('exportCsv'), xlsx: t('exportXlsx') }}
            />
          )}
          <ColumnChooser
            columns={choosable}
            hidden={prefs.hidden}
            density={prefs.density}
            onHiddenChange={(hidden) => setPrefs({ hidden })}
            onDensityChange={(density) => setPrefs({ density })}
          />
        </Group>
      </Group>
      {list.exportEndpoint && can(list.exportEndpoint) && (
        <BackgroundExports path={list.exportEndpoint.path} />
      )}
      {page.isError &&
        (list.describeError?.(page.error) ?? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t('loadFailed')}
            data-testid="list-error"
          >
            {errorText(page.error)}
          </Alert>
        ))}
      <Paper
        withBorder
        radius="md"
        className={classes.frame}
        ref={keyboard.ref}
        onFocus={keyboard.onFocus}
        onKeyDown={keyboard.onKeyDown}
      >
        <ListTable
          list={list}
          rows={shownRows}
          empty={!rows?.length}
          pending={page.isPending}
          hidden={prefs.hidden.join(',')}
          density={prefs.density}
          sort={search.sort}
          dir={search.dir}
          set={set}
          onRowOpen={onRowOpen}
          rowActions={rowActions}
          emptyText={emptyText}
        />
        <ListFetching queryKey={pageQuery.queryKey} rowsShown={!page.isPending} />
      </Paper>
      {!client && (
        <Group justify="flex-end" gap="xs">
          <Text size="sm" c="dimmed">
            {t('pageSize')}
          </Text>
          <Select
            size="xs"
            w={80}
            aria-label={t('pageSize')}
            data={PAGE_SIZES.map(String)}
            value={String(search.limit ?? DEFAULT_PAGE_SIZE)}
            allowDeselect={false}
            onChange={(value) =>
              set({
                limit: Number(value) === DEFAULT_PAGE_SIZE ? undefined : Number(value),
                cursor: undefined,
              })
            }
            data-testid="page-size"
          />
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronLeft size={14} />}
            disabled={!page.data?.prevCursor || page.isError}
            onClick={() => set({ cursor: page.data?.prevCursor ?? undefined })}
            data-testid="page-previous"
          >
            {t('previous')}
          </Button>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconChevronRight size={14} />}
            disabled={!page.data?.nextCursor || page.isError}
            onClick={() => set({ cursor: page.data?.nextCursor ?? undefined })}
            data-testid="page-next"
          >
            {t('next')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

interface ListTableProps<P extends ListPageData<unknown>, Row> {
  list: ListDefinition<P, Row>;
  rows: Row[] | undefined;
  empty: boolean;
  pending: boolean;
  /** The hidden columns' accessors, comma-separated: a string compares by value. */
  hidden: string;
  density: Density;
  sort: string;
  dir: SortDir;
  set: (patch: SearchValues) => void;
  onRowOpen: ((row: Row) => void) | undefined;
  rowActions: ((row: Row) => ReactNode) | undefined;
  emptyText: string | undefined;
}

/**
 * The table itself, memoised: a filter's change renders the page at once with the previous rows kept
 * (a placeholder), and then again with the new ones. Drawn again only when what it shows changes,
 * the first of those renders leaves its rows alone, which took half the time from a search's commit
 * to its rows (decision 0028).
 */
const ListTable = memo(function ListTable<P extends ListPageData<unknown>, Row>({
  list,
  rows,
  empty,
  pending,
  hidden,
  density,
  sort,
  dir,
  set,
  onRowOpen,
  rowActions,
  emptyText,
}: ListTableProps<P, Row>) {
  const { t } = useTranslation('list');
  const declared = list.useColumns();
  const hiddenKeys = hidden.split(',');
  const columns: DataTableColumn<Row>[] = [
    ...declared.map((c) => ({ ...c, hidden: hiddenKeys.includes(String(c.accessor)) })),
    ...(rowActions
      ? [
          {
            accessor: ACTIONS,
            title: t('actions'),
            textAlign: 'right' as const,
            // A click on a row's action acts; it does not also open the row.
            render: (row: Row) => <Box onClick={(event) => event.stopPropagation()}>{rowActions(row)}</Box>,
          },
        ]
      : []),
  ];

  return (
    <DataTable<Row>
      className={clsx(
        classes.table,
        onRowOpen && classes.clickable,
        density === 'compact' && classes.compact,
      )}
      withTableBorder={false}
      // A bounded height gives the table its own scroll area, so the header stays in view.
      maxHeight={TABLE_MAX_HEIGHT}
      minHeight={empty ? 220 : undefined}
      records={rows ?? []}
      columns={columns}
      idAccessor={list.rowKey as keyof Row}
      fetching={pending}
      noRecordsText={emptyText ?? t('empty')}
      sortStatus={{ columnAccessor: sort, direction: dir }}
      onSortStatusChange={(s) => set({ sort: String(s.columnAccessor), dir: s.direction, cursor: undefined })}
      pinLastColumn={Boolean(rowActions) || list.pinLastColumn}
      // One line per row, so rows keep one height; a column that wraps says so (`noWrap: false`).
      defaultColumnProps={{ noWrap: true }}
      highlightOnHover
      striped
      verticalSpacing={density === 'compact' ? 2 : 'xs'}
      // 8 px instead of 10 on each side of a cell: a wide list fits at 1280 px without cutting a column.
      horizontalSpacing={8}
      customRowAttributes={(row, index) => ({
        'data-row-index': index,
        tabIndex: rowTabIndex(index),
        ...list.rowAttributes?.(row),
      })}
      {...(onRowOpen ? { onRowClick: ({ record }: { record: Row }) => onRowOpen(record) } : {})}
    />
  );
}) as <P extends ListPageData<unknown>, Row>(props: ListTableProps<P, Row>) => ReactNode;
