import type { AddRestrictionBody } from '@backdesk/contract';
import { listSource } from '../../../components/list-page/list-source.ts';
import { callEndpoint } from '../../../lib/api.ts';
import { useSettledMutation } from '../../../lib/settled-mutation.ts';
import { crmEndpoints } from '../shared/endpoints.ts';

export const restrictionsSource = listSource({
  endpoint: crmEndpoints.restrictions,
  queryKey: ['crm', 'restrictions'],
});

/** A restriction shows in the list, on its customer's page and in the history. */
const RESTRICTION_KEYS = [['crm', 'restrictions'], ['crm', 'customer'], ['audit']];

export const useAddRestriction = () =>
  useSettledMutation(RESTRICTION_KEYS, ({ body, key }: { body: AddRestrictionBody; key: string }) =>
    callEndpoint(crmEndpoints.addRestriction, { body, idempotencyKey: key }),
  );

export const useLiftRestriction = () =>
  useSettledMutation(RESTRICTION_KEYS, (body: { id: number; reason: string; version: number }) =>
    callEndpoint(crmEndpoints.liftRestriction, { body }),
  );
