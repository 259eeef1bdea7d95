import 'mantine-datatable/styles.css';
import type { ListTotal } from '@backdesk/contract';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconFilterOff } from '@tabler/icons-react';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { formatInteger } from '../../lib/format.ts';
import { ExportMenu } from './export-menu.tsx';
import { useDataListLabels } from './labels.ts';
import type { SortDir } from './list-search.ts';

export interface DataListState {
  sort: string;
  dir: SortDir;
  cursor?: string;
}

export interface DataListProps<Row> {
  records: Row[] | undefined;
  columns: DataTableColumn<Row>[];
  idAccessor: (keyof Row & string) | ((row: Row) => string | number);
  fetching: boolean;
  total?: ListTotal;
  nextCursor?: string | null;
  prevCursor?: string | null;
  state: DataListState;
  onStateChange: (patch: Partial<DataListState>) => void;
  filters?: ReactNode;
  filtersActive?: boolean;
  onClearFilters?: () => void;
  exportLink?: { path: string; query: Record<string, unknown> };
  error?: ReactNode;
  emptyText?: string;
  onRowClick?: (row: Row) => void;
  testId?: string;
}

export function DataList<Row>(props: DataListProps<Row>) {
  const { labels, locale } = useDataListLabels();
  const { state, onStateChange, total } = props;
  const sortStatus: DataTableSortStatus<Row> = {
    columnAccessor: state.sort,
    direction: state.dir,
  };
  const totalText =
    total &&
    (total.value === 1 && total.exact
      ? labels.totalOne
      : labels.total(`${formatInteger(locale, total.value)}${total.exact ? '' : '+'}`));

  return (
    <Stack gap="sm" data-testid={props.testId}>
      {(props.filters || props.exportLink) && (
        <Group justify="space-between" align="flex-end" gap="sm">
          <Group align="flex-end" gap="sm" style={{ flex: 1 }}>
            {props.filters}
            {props.onClearFilters && props.filtersActive && (
              <Button
                variant="subtle"
                leftSection={<IconFilterOff size={16} stroke={1.7} />}
                onClick={props.onClearFilters}
                data-testid="clear-filters"
              >
                {labels.clearFilters}
              </Button>
            )}
          </Group>
          {props.exportLink && (
            <ExportMenu
              path={props.exportLink.path}
              query={props.exportLink.query}
              label={labels.export}
              formats={{ csv: labels.exportCsv, xlsx: labels.exportXlsx }}
            />
          )}
        </Group>
      )}
      {props.error}
      <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
        <DataTable<Row>
          withTableBorder={false}
          minHeight={props.records?.length ? undefined : 220}
          records={props.records ?? []}
          columns={props.columns}
          idAccessor={props.idAccessor as keyof Row}
          fetching={props.fetching}
          noRecordsText={props.emptyText ?? labels.empty}
          sortStatus={sortStatus}
          onSortStatusChange={(s) =>
            onStateChange({ sort: String(s.columnAccessor), dir: s.direction, cursor: undefined })
          }
          highlightOnHover
          striped
          verticalSpacing="xs"
          {...(props.onRowClick
            ? { onRowClick: ({ record }: { record: Row }) => props.onRowClick?.(record) }
            : {})}
        />
      </Paper>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" data-testid="list-total">
          {totalText}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronLeft size={14} />}
            disabled={!props.prevCursor}
            onClick={() => onStateChange({ cursor: props.prevCursor ?? undefined })}
            data-testid="page-previous"
          >
            {labels.previous}
          </Button>
          <Button
            variant="default"
            size="xs"
            rightSection={<IconChevronRight size={14} />}
            disabled={!props.nextCursor}
            onClick={() => onStateChange({ cursor: props.nextCursor ?? undefined })}
            data-testid="page-next"
          >
            {labels.next}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
