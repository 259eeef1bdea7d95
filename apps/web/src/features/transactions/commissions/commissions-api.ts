import type {
  CommissionCustomerType,
  CommissionRule,
  EndpointBody,
  transactionsApi,
} from '@backdesk/contract';
import * as transactionsRoutes from '@backdesk/contract/routes/transactions';
import { type ListPage, listSource } from '../../../components/list-page/list-source.ts';
import { callEndpoint } from '../../../lib/api.ts';
import { transactionsRef } from '../../../lib/contract.ts';
import { useSettledMutation } from '../../../lib/settled-mutation.ts';

/** The fee schedule endpoints, named without loading the contract (lib/contract.ts). */
export const commissionEndpoints = {
  list: transactionsRef(transactionsRoutes.listCommissionRules),
  create: transactionsRef(transactionsRoutes.createCommissionRule),
  update: transactionsRef(transactionsRoutes.updateCommissionRule),
  delete: transactionsRef(transactionsRoutes.deleteCommissionRule),
};

const KEY = ['transactions', 'commissions'] as const;

/** The fee schedule: its rules, plus the customer types whose discount the preview applies. */
export interface FeeSchedule extends ListPage<CommissionRule> {
  customerTypes: CommissionCustomerType[];
}

/** The whole schedule (a few dozen rules at most): the list kit sorts it in the browser. */
export const commissionsSource = listSource({
  endpoint: commissionEndpoints.list,
  queryKey: KEY,
  mode: 'client',
  read: (response): FeeSchedule => ({
    rows: response.items,
    customerTypes: response.customer_types,
    nextCursor: null,
    prevCursor: null,
  }),
});

export type CommissionBody = EndpointBody<typeof transactionsApi.createCommissionRule>;

export const useSaveCommission = () =>
  useSettledMutation(
    KEY,
    ({ rule, id, version, key }: { rule: CommissionBody; id?: number; version?: number; key: string }) =>
      id !== undefined && version !== undefined
        ? callEndpoint(commissionEndpoints.update, { body: { ...rule, id, version }, idempotencyKey: key })
        : callEndpoint(commissionEndpoints.create, { body: rule, idempotencyKey: key }),
  );

export const useDeleteCommission = () =>
  useSettledMutation(KEY, ({ id, version, key }: { id: number; version: number; key: string }) =>
    callEndpoint(commissionEndpoints.delete, { body: { id, version }, idempotencyKey: key }),
  );
