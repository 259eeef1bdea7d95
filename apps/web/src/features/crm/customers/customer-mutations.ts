import type { CreateCustomerBody, CustomerDetail, UpdateCustomerBody } from '@backdesk/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api.ts';
import { useSettledMutation } from '../../../lib/settled-mutation.ts';
import { crmEndpoints } from '../shared/endpoints.ts';

/**
 * docs/product-rules.md R11: after a successful update only the supplied fields change locally (name, surname, email,
 * phone), plus the new version; the rest of the cached page stays as loaded.
 */
export function useUpdateCustomer(customerId: number) {
  const client = useQueryClient();
  // Not useSettledMutation: the answer is written into the cached page (R11) instead of reloading it.
  return useMutation({
    mutationFn: (body: UpdateCustomerBody) => callEndpoint(crmEndpoints.updateCustomer, { body }),
    onSuccess: (result, body) => {
      client.setQueryData<CustomerDetail>(['crm', 'customer', customerId], (old) => {
        if (!old) return old;
        const c = { ...old.customer, version: result.version };
        if (body.alias_name !== undefined) c.alias_name = body.alias_name;
        if (body.alias_surname !== undefined) c.alias_surname = body.alias_surname;
        if (body.alias_email !== undefined) c.email = body.alias_email;
        if (body.alias_mobile !== undefined) {
          // A cleared phone (null) lists as "-" (R6).
          c.mobile = body.alias_mobile;
          c.phone = body.alias_mobile ?? '-';
        }
        return { ...old, customer: c };
      });
      void client.invalidateQueries({ queryKey: ['audit', 'customer', String(customerId)] });
      void client.invalidateQueries({ queryKey: ['crm', 'customers'] });
    },
  });
}

/** One Idempotency-Key per filled-in form: a retried submit creates the customer once. */
export const useCreateCustomer = () =>
  useSettledMutation(['crm'], ({ body, key }: { body: CreateCustomerBody; key: string }) =>
    callEndpoint(crmEndpoints.createCustomer, { body, idempotencyKey: key }),
  );

export const useAddNote = (customerId: number) =>
  useSettledMutation(
    [
      ['crm', 'customer', customerId],
      ['audit', 'customer', String(customerId)],
    ],
    (body: string) => callEndpoint(crmEndpoints.addNote, { body: { customerId, body } }),
  );
