import * as fraudRoutes from '@backdesk/contract/routes/fraud';
import { fraudRef } from '../../../../lib/contract.ts';

/** Screening's endpoints, named without loading the contract. */
export const screeningEndpoints = {
  lists: fraudRef(fraudRoutes.listScreeningLists),
  import: fraudRef(fraudRoutes.importScreeningList),
  settings: fraudRef(fraudRoutes.getScreeningSettings),
  updateSettings: fraudRef(fraudRoutes.updateScreeningSettings),
  rescreen: fraudRef(fraudRoutes.rescreenCustomers),
  try: fraudRef(fraudRoutes.tryScreeningName),
  evidence: fraudRef(fraudRoutes.getScreeningEvidence),
};
