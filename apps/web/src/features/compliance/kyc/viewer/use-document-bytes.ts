import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { fetchWithSession } from '../../../../lib/api.ts';

/**
 * A stored document's bytes from its authorised content endpoint (same origin, session cookie; each
 * fetch is an audited view), and a blob URL for an <img> that is revoked when the view closes.
 */
export const documentBytesOptions = (url: string) =>
  queryOptions({
    // Outside the ['compliance'] prefix: a decision refreshes the lists, never the bytes (a new audited view).
    queryKey: ['kyc-document-bytes', url],
    queryFn: async ({ signal }) => {
      const response = await fetchWithSession(url, { signal });
      const blob = await response.blob();
      return { blob, bytes: await blob.arrayBuffer() };
    },
    // A view is audited: do not fetch the same file again while the officer pages back and forth.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    retry: false,
  });

export function useDocumentBytes(url: string) {
  const query = useQuery(documentBytesOptions(url));
  const objectUrl = useMemo(() => (query.data ? URL.createObjectURL(query.data.blob) : ''), [query.data]);
  useEffect(() => () => URL.revokeObjectURL(objectUrl), [objectUrl]);
  return { ...query, data: query.data && { bytes: query.data.bytes, objectUrl } };
}
