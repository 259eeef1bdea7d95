import type { fraudApi } from '@backdesk/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { buildUrl, callEndpoint, fetchWithSession } from '../../../../lib/api.ts';
import { useSettledMutation } from '../../../../lib/settled-mutation.ts';
import { screeningEndpoints as api } from './endpoints.ts';

/** Under fraud check's key, so a live fraud event or any fraud change refreshes it too. */
const SCREENING = ['fraud', 'screening'] as const;

export const useScreeningLists = () =>
  useQuery({
    queryKey: [...SCREENING, 'lists'],
    queryFn: ({ signal }) => callEndpoint(api.lists, { signal }),
  });

export const useScreeningSettings = () =>
  useQuery({
    queryKey: [...SCREENING, 'settings'],
    queryFn: ({ signal }) => callEndpoint(api.settings, { signal }),
  });

export interface TryQuery {
  name: string;
  birth_date?: string;
  nationality?: string;
}

/** The explainer's answer for the name last submitted (nothing is saved). */
export const useTryName = (query: TryQuery | null) =>
  useQuery({
    queryKey: [...SCREENING, 'try', query],
    queryFn: ({ signal }) => callEndpoint(api.try, { query: query!, signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });

export const useScreeningEvidence = (alertId: number) =>
  useQuery({
    queryKey: [...SCREENING, 'evidence', alertId],
    queryFn: ({ signal }) => callEndpoint(api.evidence, { query: { alert_id: alertId }, signal }),
  });

/** After a screening change: its lists and settings, the runs it starts, the history. */
const SCREENING_KEYS = [SCREENING, ['fraud', 'runs'], ['audit']];
// The page shows the stored settings and lists once a change returns, never the old ones in between.
const AWAIT = { awaitReload: true };

export function useScreeningActions() {
  return {
    /** The file streams as multipart; list name and format go in the query. */
    importList: useSettledMutation(
      SCREENING_KEYS,
      async ({
        query,
        file,
        key,
      }: {
        query: { name: string; format: fraudApi.ScreeningListFormat };
        file: File;
        key: string;
      }) => {
        const form = new FormData();
        form.append('file', file, file.name);
        const response = await fetchWithSession(buildUrl(api.import.path, query), {
          method: 'POST',
          headers: { Accept: 'application/json', 'Idempotency-Key': key },
          body: form,
        });
        const [upload, json] = await Promise.all([api.import.load(), response.json() as Promise<unknown>]);
        return upload.response.parse(json);
      },
      AWAIT,
    ),
    updateSettings: useSettledMutation(
      SCREENING_KEYS,
      (body: { threshold: number; version: number }) => callEndpoint(api.updateSettings, { body }),
      AWAIT,
    ),
    rescreen: useSettledMutation(
      SCREENING_KEYS,
      (key: string) => callEndpoint(api.rescreen, { body: {}, idempotencyKey: key }),
      AWAIT,
    ),
  };
}
