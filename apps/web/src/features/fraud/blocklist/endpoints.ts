import { endpointRef } from '../../../lib/contract.ts';

/** The blocklist's endpoints, named without loading the contract. */
export const blocklistEndpoints = {
  list: endpointRef((c) => c.fraudApi.listBlocklist, 'GET', '/api/compliance/fraud/blocklist', 'read'),
  export: endpointRef(
    (c) => c.fraudApi.exportBlocklist,
    'GET',
    '/api/compliance/fraud/blocklist/export',
    'exportPersonal',
  ),
  add: endpointRef(
    (c) => c.fraudApi.addBlocklistEntry,
    'POST',
    '/api/compliance/fraud/blocklist/add',
    'operate',
  ),
  remove: endpointRef(
    (c) => c.fraudApi.removeBlocklistEntry,
    'POST',
    '/api/compliance/fraud/blocklist/remove',
    'operate',
  ),
  import: endpointRef(
    (c) => c.fraudApi.importBlocklist,
    'POST',
    '/api/compliance/fraud/blocklist/import',
    'operate',
  ),
};
