import { fraudRef } from '../../../../lib/contract.ts';

const BASE = '/api/compliance/fraud/blocklist';

/** The blocklist's endpoints, named without loading the contract. */
export const blocklistEndpoints = {
  list: fraudRef((c) => c.listBlocklist, 'GET', BASE, 'read'),
  export: fraudRef((c) => c.exportBlocklist, 'GET', `${BASE}/export`, 'exportPersonal'),
  add: fraudRef((c) => c.addBlocklistEntry, 'POST', `${BASE}/add`, 'operate'),
  remove: fraudRef((c) => c.removeBlocklistEntry, 'POST', `${BASE}/remove`, 'operate'),
  import: fraudRef((c) => c.importBlocklist, 'POST', `${BASE}/import`, 'operate'),
};
