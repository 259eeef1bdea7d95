import type { CatalogueAsset } from '@backdesk/contract';
import { contractNameOf } from '@backdesk/contract/rules';
import type { Db } from '../../../db/client.ts';
import type { AssetsRepository } from './assets.repository.ts';

/** The asset catalogue as staff forms offer it: each asset with the contract name limits use (R14). */
export function createAssetsService({ db, repo }: { db: Db; repo: AssetsRepository }) {
  return {
    async catalogue(): Promise<CatalogueAsset[]> {
      return (await repo.catalogue(db)).map((row) => ({
        ...row,
        contract_name: contractNameOf(row.asset, row.network),
      }));
    },
  };
}
export type AssetsService = ReturnType<typeof createAssetsService>;
