import { type AmountCatalogue, amountCatalogue } from '@backdesk/contract/rules';
import type { DbOrTx } from '../../../db/client.ts';
import { createAssetsRepository } from './assets.repository.ts';

/** The catalogue as the amount formatter reads it (formatAmount), for what the server writes: PDFs, texts. */
export async function readAmountCatalogue(db: DbOrTx): Promise<AmountCatalogue> {
  return amountCatalogue(await createAssetsRepository().catalogue(db));
}
