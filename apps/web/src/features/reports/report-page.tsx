import type { ReportName } from '@backdesk/contract';
import { REPORT_FILTERS } from '@backdesk/contract/reports/keys';
import { Alert, Button, Group, Loader, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconHourglass, IconPrinter } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { contentReady } from '../../components/content-ready.ts';
import { FetchingLoader } from '../../components/fetching-loader.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useAssetCatalogue } from '../../lib/amounts.ts';
import { errorText } from '../../lib/errors.ts';
import { useDisplayTimeZone } from '../../lib/member-settings.ts';
import { download, toCsvZip, toXlsx } from './export-file.ts';
import { RatesPanel } from './rates-panel.tsx';
import { ReportCharts } from './report-charts.tsx';
import { ReportControls } from './report-controls.tsx';
import { REPORT_META } from './report-meta.ts';
import classes from './report-page.module.css';
import { type ReportSearch, reportQueryOf } from './report-search.ts';
import { ReportTables } from './report-tables.tsx';
import { shownTables, toExportTables } from './report-view.ts';
import { reportQueryOptions, useReport } from './reports-api.ts';
import { TravelRuleRecordsBackground, TravelRuleRecordsExport } from './travel-rule-records-export.tsx';
import { useReportFormat } from './use-report-format.ts';

type AnySearch = never;

/** One report: controls held in the URL, charts, the same figures as tables, export and print. */
export function ReportPage({ name }: { name: ReportName }) {
  const { t, ready } = useTranslation(['reports', 'common']);
  const search = useSearch({ strict: false }) as ReportSearch;
  const navigate = useNavigate();
  const meta = REPORT_META[name];
  const displayZone = useDisplayTimeZone();
  const query = reportQueryOf(search, REPORT_FILTERS[name], displayZone ?? undefined);
  // What the report holds, not whether it is fetching (FetchingLoader shows that): a refetch that
  // brings the same figures, as when the window comes back into focus, leaves the charts as they are.
  const { data, error, isPlaceholderData } = useReport(name, query);
  const { day, period } = useReportFormat();
  // Figures are drawn once, at their assets' precision: not at a default and again when the
  // catalogue arrives after the report (a cold load). A catalogue that failed formats by default.
  const formatted = !useAssetCatalogue().isPending;
  const shown = Boolean(data && ready && !error && formatted);
  const compare = search.compare !== 'off';
  const title = t(`common:pages.${meta.titleKey}`);

  const onChange = (patch: Partial<ReportSearch>) =>
    void navigate({
      to: '.',
      search: ((prev: ReportSearch) =>
        Object.fromEntries(
          Object.entries({ ...prev, ...patch }).filter(([, v]) => v !== undefined),
        )) as AnySearch,
      replace: true,
    });

  // Kept while the same report is on screen: the tables (memoised) skip the render that keeps the
  // previous range while the next one loads.
  const tables = useMemo(
    () =>
      data && ready
        ? shownTables(
            data,
            {
              measure: (k) => t(`measures.${k}`),
              dimension: (k) => t(`dimensions.${k}`),
              value: (d, v) => (v === '' ? t('values.none') : t(`values.${d}.${v}`, { defaultValue: v })),
              table: (k) => t(`tables.${k}`),
              period: t('table.period'),
              previous: (label) => t('table.previous', { label }),
              change: (label) => t('table.change', { label }),
              total: t('table.total'),
              periodLabel: (start) => period(start, data.range.groupBy),
            },
            compare,
          )
        : [],
    [data, ready, t, period, compare],
  );
  const fileName = (ext: string) => `${name}-report-${query.from}-${query.to}.${ext}`;

  return (
    <div
      className={classes.page}
      // The charts and tables of the range asked for, not the previous range kept while it loads.
      {...contentReady(
        shown && !isPlaceholderData,
        data ? `${data.range.from}/${data.range.to}/${data.range.groupBy}` : undefined,
      )}
    >
      <PageHeader
        title={title}
        description={
          data
            ? t('rangeLine', {
                from: day(data.range.from),
                to: day(data.range.to),
                tz: data.range.tz,
              }) +
              (compare
                ? ` · ${t('comparedWith', { from: day(data.range.previousFrom), to: day(data.range.previousTo) })}`
                : '')
            : t(`descriptions.${name}`)
        }
        actions={
          <Group gap="xs" data-report-controls>
            <FetchingLoader queryKey={reportQueryOptions(name, query).queryKey} label={t('loading')} />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  variant="default"
                  disabled={!data}
                  leftSection={<IconDownload size={16} stroke={1.7} />}
                  rightSection={<IconChevronDown size={14} />}
                  data-testid="export-menu"
                >
                  {t('export.label')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  data-testid="export-csv"
                  onClick={() =>
                    download(
                      fileName('zip'),
                      toCsvZip(toExportTables(tables), `${name}-report`),
                      'application/zip',
                    )
                  }
                >
                  {t('export.csv')}
                </Menu.Item>
                <Menu.Item
                  data-testid="export-xlsx"
                  onClick={() =>
                    download(
                      fileName('xlsx'),
                      toXlsx(toExportTables(tables)),
                      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
                    )
                  }
                >
                  {t('export.xlsx')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
            {name === 'travel-rule' && <TravelRuleRecordsExport query={query} />}
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} stroke={1.7} />}
              onClick={() => window.print()}
              data-testid="report-print"
            >
              {t('print')}
            </Button>
          </Group>
        }
      />
      {name === 'travel-rule' && <TravelRuleRecordsBackground />}
      <ReportControls name={name} search={search} query={query} report={data} onChange={onChange} />
      {error && (
        <Alert color="red" variant="light" mb="md" data-testid="report-error" title={t('error')}>
          {errorText(error)}
        </Alert>
      )}
      {(data?.pending ?? []).map((section) => (
        <Alert
          key={section}
          color="gray"
          variant="light"
          mb="md"
          icon={<IconHourglass size={18} />}
          data-testid={`pending-${section}`}
        >
          {t(`pending.${section}`)}
        </Alert>
      ))}
      {!shown && !error && <Loader m="xl" aria-label={t('loading')} />}
      {shown && data && (
        <div data-testid="report-body">
          <ReportCharts report={data} meta={meta} compare={compare} />
          <ReportTables tables={tables} />
          {name === 'financial' && <RatesPanel />}
        </div>
      )}
    </div>
  );
}
