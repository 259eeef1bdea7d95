import type { SetReportRateBody } from '@backdesk/contract';
import * as reportsRoutes from '@backdesk/contract/routes/reports';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api.ts';
import { reportsRef } from '../../lib/contract.ts';

export const ratesEndpoints = {
  list: reportsRef(reportsRoutes.listReportRates),
  set: reportsRef(reportsRoutes.setReportRate),
};

export const useReportRates = () =>
  useQuery({
    queryKey: ['reports', 'rates'],
    queryFn: ({ signal }) => callEndpoint(ratesEndpoints.list, { signal }),
  });

/** Adds or edits a dated rate; the financial figures and the history follow. */
export function useSetReportRate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: SetReportRateBody; key: string }) =>
      callEndpoint(ratesEndpoints.set, { body, idempotencyKey: key }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['reports'] });
      void client.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}
