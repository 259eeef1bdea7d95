import { Paper, Table, Text } from '@mantine/core';
import { memo } from 'react';
import classes from './report-page.module.css';
import type { ShownTable } from './report-view.ts';
import { useReportFormat } from './use-report-format.ts';

/** The figures of the charts as tables: the same cells the export writes. Memoised as the charts are. */
export const ReportTables = memo(function ReportTables({ tables }: { tables: ShownTable[] }) {
  const { cell } = useReportFormat();
  return tables.map((table) => (
    <Paper withBorder radius="md" mb="md" key={table.key} data-testid={`report-table-${table.key}`}>
      <Text fw={600} size="sm" px="md" pt="sm">
        {table.title}
      </Text>
      {/* A wide table scrolls sideways: focusable and named, so the keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1) */}
      <section className={classes.scroll} tabIndex={0} aria-label={table.title}>
        <Table
          striped
          highlightOnHover
          stickyHeader
          verticalSpacing={6}
          fz="sm"
          className={classes.pinnedFirst}
        >
          <Table.Thead>
            <Table.Tr>
              {table.columns.map((c) => (
                <Table.Th key={c.key} ta={c.kind === 'text' ? 'left' : 'right'} scope="col">
                  {c.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {table.rows.map((row) => (
              <Table.Tr key={row.key}>
                {row.cells.map((c, i) => (
                  <Table.Td
                    key={table.columns[i]!.key}
                    ta={c.kind === 'text' ? 'left' : 'right'}
                    style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                  >
                    {cell(c)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </section>
    </Paper>
  ));
});
