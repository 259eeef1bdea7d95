import type { EndpointBody, EndpointDef, fraudApi } from '@backdesk/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listSource } from '../../../../components/list-page/list-source.ts';
import { buildUrl, callEndpoint, fetchWithSession } from '../../../../lib/api.ts';
import { caseEndpoints as api } from './endpoints.ts';

/** Under fraud check's key, so an alert's change refreshes the cases too (and the other way round). */
const CASES = ['fraud', 'cases'] as const;

export const casesSource = listSource({ endpoint: api.list, queryKey: CASES });

export const caseDetailOptions = (id: number) =>
  queryOptions({
    queryKey: [...CASES, 'detail', id],
    queryFn: ({ signal }) => callEndpoint(api.detail, { query: { id }, signal }),
  });

export const useCaseDetail = (id: number) => useQuery(caseDetailOptions(id));

export const useCaseTimeline = (id: number) =>
  useQuery({
    queryKey: [...CASES, 'timeline', id],
    queryFn: ({ signal }) => callEndpoint(api.timeline, { query: { id }, signal }),
  });

export const useCaseLinked = (id: number) =>
  useQuery({
    queryKey: [...CASES, 'linked', id],
    queryFn: ({ signal }) => callEndpoint(api.linked, { query: { id }, signal }),
    staleTime: 60_000,
  });

type Body<E extends keyof typeof fraudApi> = (typeof fraudApi)[E] extends EndpointDef
  ? NonNullable<EndpointBody<(typeof fraudApi)[E]>>
  : never;

/** Every case action; creating ones take the Idempotency-Key their form made when it opened. */
export function useCaseActions() {
  const client = useQueryClient();
  const onSettled = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['fraud'] }),
      client.invalidateQueries({ queryKey: ['audit', 'fraud_case'] }),
      client.invalidateQueries({ queryKey: ['inbox'] }),
    ]);
  return {
    update: useMutation({
      mutationFn: (body: Body<'updateFraudCase'>) => callEndpoint(api.update, { body }),
      onSettled,
    }),
    comment: useMutation({
      mutationFn: ({ key, ...body }: Body<'commentFraudCase'> & { key: string }) =>
        callEndpoint(api.comment, { body, idempotencyKey: key }),
      onSettled,
    }),
    close: useMutation({
      mutationFn: (body: Body<'closeFraudCase'>) => callEndpoint(api.close, { body }),
      onSettled,
    }),
    reopen: useMutation({
      mutationFn: (body: Body<'reopenFraudCase'>) => callEndpoint(api.reopen, { body }),
      onSettled,
    }),
    detach: useMutation({
      mutationFn: ({ key, ...body }: Body<'detachFraudCaseAlerts'> & { key: string }) =>
        callEndpoint(api.detach, { body, idempotencyKey: key }),
      onSettled,
    }),
    report: useMutation({
      mutationFn: ({ key, ...body }: Body<'draftFraudCaseReport'> & { key: string }) =>
        callEndpoint(api.report, { body, idempotencyKey: key }),
      onSettled,
    }),
  };
}

/** Saves a report draft; the server audits the download before the bytes leave. */
export async function downloadCaseReport(report: { id: number; file_name: string }): Promise<void> {
  const response = await fetchWithSession(buildUrl(api.download.path, { id: report.id }));
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: report.file_name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
