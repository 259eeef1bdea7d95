import type { CatalogueAsset } from '@backdesk/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';

type CatalogueRow = Omit<CatalogueAsset, 'contract_name'>;

export function createAssetsRepository() {
  return {
    /** The catalogue, asset then network: a few hundred rows at most, read whole. */
    async catalogue(db: DbOrTx): Promise<CatalogueRow[]> {
      const { rows } = await db.execute<CatalogueRow>(sql`
        SELECT asset, network, name, precision::int AS precision, is_fiat FROM assets ORDER BY asset, network`);
      return rows;
    },
  };
}
export type AssetsRepository = ReturnType<typeof createAssetsRepository>;
