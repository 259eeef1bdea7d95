import type {
  DecideKycDocumentBody,
  KycCase,
  SetKycLevelBody,
  UploadKycDocumentQuery,
} from '@backdesk/contract';
import { type QueryClient, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { listSource } from '../../../components/list-page/list-source.ts';
import { buildUrl, callEndpoint, fetchWithSession } from '../../../lib/api.ts';
import { useSettledMutation } from '../../../lib/settled-mutation.ts';
import { complianceEndpoints as api } from './endpoints.ts';

/** Everything compliance shows lives under this key: a decision refreshes all of it. */
const AREA = ['compliance'] as const;

export const documentsSource = listSource({
  endpoint: api.documents,
  queryKey: [...AREA, 'documents'],
  count: api.countDocuments,
  // The open viewer's document id is the page's own, not a filter of the list.
  local: ['doc'],
});

export const queueSource = listSource({
  endpoint: api.queue,
  queryKey: [...AREA, 'queue'],
  count: api.countQueue,
  local: ['case'],
  // Cases are claimed by others all day: the queue keeps itself current.
  useRefresh: () => 30_000,
});

export const documentDetailOptions = (id: number) =>
  queryOptions({
    queryKey: [...AREA, 'document', id],
    queryFn: ({ signal }) => callEndpoint(api.document, { query: { id }, signal }),
  });

export const useKycDocument = (id: number | undefined) =>
  useQuery({ ...documentDetailOptions(id ?? 0), enabled: id !== undefined });

export const customerKycOptions = (customerId: number | undefined) =>
  queryOptions({
    queryKey: [...AREA, 'customer', customerId],
    queryFn: ({ signal }) =>
      callEndpoint(api.customerKyc, { query: { customer_id: customerId ?? 0 }, signal }),
  });

export const useCustomerKyc = (customerId: number | undefined) =>
  useQuery({ ...customerKycOptions(customerId), enabled: customerId !== undefined });

export const useKycReviewers = () =>
  useQuery({
    queryKey: [...AREA, 'reviewers'],
    queryFn: ({ signal }) => callEndpoint(api.reviewers, { signal }),
    staleTime: 60_000,
  });

export const useComplianceOverview = () =>
  useQuery({
    queryKey: [...AREA, 'overview'],
    queryFn: ({ signal }) => callEndpoint(api.overview, { signal }),
    refetchInterval: 60_000,
  });

export const useKycSettings = () =>
  useQuery({
    queryKey: [...AREA, 'settings'],
    queryFn: ({ signal }) => callEndpoint(api.settings, { signal }),
    staleTime: 60_000,
  });

/** The claim's answer: the case taken, if any, and the document its review opens on. */
export interface ClaimAnswer {
  case: KycCase | null;
  first_document_id: number | null;
}

/** After any KYC change: the lists, the open case, the customer page and the history. */
const KYC_KEYS = [AREA, ['crm'], ['audit']];

/**
 * Reads everything a KYC change touches again, but the review of `fresh` (a customer's case read after
 * the change, so already current).
 */
export function reloadKyc(client: QueryClient, fresh?: number): Promise<unknown> {
  const freshKey = JSON.stringify(customerKycOptions(fresh).queryKey);
  return Promise.all(
    KYC_KEYS.map((queryKey) =>
      client.invalidateQueries({
        queryKey,
        predicate: (q) => fresh === undefined || JSON.stringify(q.queryKey) !== freshKey,
      }),
    ),
  );
}

/** A mutation of one creating endpoint: one Idempotency-Key per user action, reused by a retry. */
export function useDecideDocument() {
  return useSettledMutation(KYC_KEYS, ({ body, key }: { body: DecideKycDocumentBody; key: string }) =>
    callEndpoint(api.decide, { body, idempotencyKey: key }),
  );
}

export function useSetKycLevel() {
  return useSettledMutation(KYC_KEYS, ({ body, key }: { body: SetKycLevelBody; key: string }) =>
    callEndpoint(api.setLevel, { body, idempotencyKey: key }),
  );
}

export function useCaseActions() {
  return {
    assign: useSettledMutation(KYC_KEYS, (customerId: number) =>
      callEndpoint(api.assign, { body: { customer_id: customerId } }),
    ),
    // Not settled here: the caller reloads once the claimed case is on screen (useNextCase).
    next: useMutation({
      mutationFn: async ({
        key,
        prefetch,
      }: {
        key: string;
        prefetch: (answer: ClaimAnswer) => Promise<unknown>;
      }) => {
        const answer = await callEndpoint(api.next, { body: {}, idempotencyKey: key });
        // The claimed case's fetches start with the answer, not after the mutation's notifications.
        return { ...answer, prefetched: prefetch(answer) };
      },
    }),
    release: useSettledMutation(KYC_KEYS, (customerId: number) =>
      callEndpoint(api.release, { body: { customer_id: customerId } }),
    ),
    reassign: useSettledMutation(KYC_KEYS, (body: { customer_id: number; member_id: number | null }) =>
      callEndpoint(api.reassign, { body }),
    ),
  };
}

/**
 * Upload on the customer's behalf: the file streams as multipart (never read whole into a string),
 * what it is goes in the query; the answer is read with the contract's own schema.
 */
export function useUploadDocument() {
  return useSettledMutation(
    KYC_KEYS,
    async ({ query, file, key }: { query: UploadKycDocumentQuery; file: File; key: string }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      const response = await fetchWithSession(buildUrl(api.upload.path, query), {
        method: 'POST',
        headers: { Accept: 'application/json', 'Idempotency-Key': key },
        body: form,
      });
      const [upload, json] = await Promise.all([api.upload.load(), response.json() as Promise<unknown>]);
      return upload.response.parse(json);
    },
  );
}

/** The stored documents a file check set aside, newest first (a super's list). */
export const quarantineOptions = () =>
  queryOptions({
    queryKey: [...AREA, 'quarantine'],
    queryFn: ({ signal }) => callEndpoint(api.quarantine, { query: { limit: 50 }, signal }),
  });

/** Starts a recheck of every stored document; the run's panel follows it. */
export function useStartRecheck() {
  return useSettledMutation(KYC_KEYS, (key: string) => callEndpoint(api.recheck, { idempotencyKey: key }));
}
