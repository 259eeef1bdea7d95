import type { EndpointBody, EndpointDef, fraudApi } from '@backdesk/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { listSource } from '../../../../components/list-page/list-source.ts';
import { buildUrl, callEndpoint, fetchWithSession } from '../../../../lib/api.ts';
import { useSettledMutation } from '../../../../lib/settled-mutation.ts';
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

/** After a case action: the fraud lists and detail, the case's history and the inbox. */
const CASE_KEYS = [['fraud'], ['audit', 'fraud_case'], ['inbox']];
// The case page shows the stored case once an action returns, never the old one in between.
const AWAIT = { awaitReload: true };

/** Every case action; creating ones take the Idempotency-Key their form made when it opened. */
export function useCaseActions() {
  return {
    update: useSettledMutation(
      CASE_KEYS,
      (body: Body<'updateFraudCase'>) => callEndpoint(api.update, { body }),
      AWAIT,
    ),
    comment: useSettledMutation(
      CASE_KEYS,
      ({ key, ...body }: Body<'commentFraudCase'> & { key: string }) =>
        callEndpoint(api.comment, { body, idempotencyKey: key }),
      AWAIT,
    ),
    close: useSettledMutation(
      CASE_KEYS,
      (body: Body<'closeFraudCase'>) => callEndpoint(api.close, { body }),
      AWAIT,
    ),
    reopen: useSettledMutation(
      CASE_KEYS,
      (body: Body<'reopenFraudCase'>) => callEndpoint(api.reopen, { body }),
      AWAIT,
    ),
    detach: useSettledMutation(
      CASE_KEYS,
      ({ key, ...body }: Body<'detachFraudCaseAlerts'> & { key: string }) =>
        callEndpoint(api.detach, { body, idempotencyKey: key }),
      AWAIT,
    ),
    report: useSettledMutation(
      CASE_KEYS,
      ({ key, ...body }: Body<'draftFraudCaseReport'> & { key: string }) =>
        callEndpoint(api.report, { body, idempotencyKey: key }),
      AWAIT,
    ),
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
