import { endpointRef } from '../../../lib/contract.ts';

const BASE = '/api/compliance/fraud/blocklist';

/** The blocklist's endpoints, named without loading the contract. */
export const blocklistEndpoints = {
  list: endpointRef((c) => c.fraudApi.listBlocklist, 'GET', BASE, 'read'),
  export: endpointRef((c) => c.fraudApi.exportBlocklist, 'GET', `${BASE}/export`, 'exportPersonal'),
  add: endpointRef((c) => c.fraudApi.addBlocklistEntry, 'POST', `${BASE}/add`, 'operate'),
  remove: endpointRef((c) => c.fraudApi.removeBlocklistEntry, 'POST', `${BASE}/remove`, 'operate'),
  import: endpointRef((c) => c.fraudApi.importBlocklist, 'POST', `${BASE}/import`, 'operate'),
};
