import type { ReportName, ReportQuery } from '@backdesk/contract';
import * as reportsRoutes from '@backdesk/contract/routes/reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api.ts';
import { reportsRef } from '../../lib/contract.ts';

/** The report endpoints (under /api/panel/, R4), named without loading the contract. */
export const reportEndpoints = {
  compliance: reportsRef(reportsRoutes.reportCompliance),
  csc: reportsRef(reportsRoutes.reportDepositCsc),
  customers: reportsRef(reportsRoutes.reportCustomers),
  financial: reportsRef(reportsRoutes.reportFinancial),
  'fraud-security': reportsRef(reportsRoutes.reportFraudSecurity),
  p2p: reportsRef(reportsRoutes.reportP2p),
  transactions: reportsRef(reportsRoutes.reportTransactions),
  'travel-rule': reportsRef(reportsRoutes.reportTravelRule),
} as const;

export const depositConfigEndpoint = reportsRef(reportsRoutes.getDepositReportsConfig);

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
