import type { SetReportRateBody } from '@backdesk/contract';
import * as reportsRoutes from '@backdesk/contract/routes/reports';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api.ts';
import { reportsRef } from '../../lib/contract.ts';
import { useSettledMutation } from '../../lib/settled-mutation.ts';

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
export const useSetReportRate = () =>
  useSettledMutation([['reports'], ['audit']], ({ body, key }: { body: SetReportRateBody; key: string }) =>
    callEndpoint(ratesEndpoints.set, { body, idempotencyKey: key }),
  );
