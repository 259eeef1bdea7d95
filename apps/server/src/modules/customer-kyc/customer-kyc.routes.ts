import { crmApi } from '@backdesk/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { createCustomerKycRepository } from './customer-kyc.repository.ts';

export function registerCustomerKycModule(app: FastifyInstance, db: Db): void {
  const repo = createCustomerKycRepository();
  registerEndpoint(app, crmApi.listCustomerKyc, {}, async ({ query }) => {
    const page = await repo.page(db, query);
    return {
      ...page,
      // Spec §3/§4 defaults: no KYC status reads "kyc"; kyb is Business, anything else Individual.
      items: page.items.map(({ user_ky, kyc_type, sort_value: _sort, ...row }) => ({
        ...row,
        id: Number(row.id),
        kyc_status: user_ky ?? 'kyc',
        kyc_type_label: kyc_type === 'kyb' ? ('Business' as const) : ('Individual' as const),
      })),
    };
  });
}
