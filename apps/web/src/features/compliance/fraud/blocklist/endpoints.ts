import * as fraudRoutes from '@backdesk/contract/routes/fraud';
import { fraudRef } from '../../../../lib/contract.ts';

/** The blocklist's endpoints, named without loading the contract. */
export const blocklistEndpoints = {
  list: fraudRef(fraudRoutes.listBlocklist),
  export: fraudRef(fraudRoutes.exportBlocklist),
  add: fraudRef(fraudRoutes.addBlocklistEntry),
  remove: fraudRef(fraudRoutes.removeBlocklistEntry),
  import: fraudRef(fraudRoutes.importBlocklist),
};
