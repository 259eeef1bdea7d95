import type { ReportName, ReportQuery } from '@backdesk/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api.ts';
import { reportsRef } from '../../lib/contract.ts';

/** The report endpoints (under /api/panel/, R4), named without loading the contract. */
export const reportEndpoints = {
  compliance: reportsRef((c) => c.reportCompliance, 'GET', '/api/panel/report-compliance', 'read'),
  csc: reportsRef((c) => c.reportDepositCsc, 'GET', '/api/panel/report-deposit-csc', 'read'),
  customers: reportsRef((c) => c.reportCustomers, 'GET', '/api/panel/report-customers', 'read'),
  financial: reportsRef((c) => c.reportFinancial, 'GET', '/api/panel/report-financial', 'read'),
  'fraud-security': reportsRef(
    (c) => c.reportFraudSecurity,
    'GET',
    '/api/panel/report-fraud-security',
    'read',
  ),
  p2p: reportsRef((c) => c.reportP2p, 'GET', '/api/panel/report-p2p', 'read'),
  transactions: reportsRef((c) => c.reportTransactions, 'GET', '/api/panel/report-transactions', 'read'),
} as const;

export const depositConfigEndpoint = reportsRef(
  (c) => c.getDepositReportsConfig,
  'GET',
  '/api/panel/get-deposit-reports-config',
  'read',
);

export const reportQueryOptions = (name: ReportName, query: ReportQuery) =>
  queryOptions({
    queryKey: ['reports', name, query],
    queryFn: ({ signal }) => callEndpoint(reportEndpoints[name], { query, signal }),
    staleTime: 30_000,
    retry: false,
  });

/** A report; the figures shown stay on screen while the next range loads. */
export const useReport = (name: ReportName, query: ReportQuery) =>
  useQuery({ ...reportQueryOptions(name, query), placeholderData: keepPreviousData });

/** Assets, networks and channels the filters offer (the deposit report's configuration endpoint). */
export const useReportFilterOptions = () =>
  useQuery({
    queryKey: ['reports', 'deposit-config'],
    queryFn: ({ signal }) => callEndpoint(depositConfigEndpoint, { signal }),
    staleTime: 5 * 60_000,
  });
