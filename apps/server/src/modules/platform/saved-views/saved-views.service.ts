import { type SavedView, savedViewsApi } from '@backdesk/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { SavedViewsRepository } from './saved-views.repository.ts';

const { MAX_SAVED_VIEWS_PER_LIST } = savedViewsApi;
type SaveBody = z.output<typeof savedViewsApi.SaveViewBodySchema>;

/**
 * A member's saved list filters. They are the member's own view preferences, not business data: no
 * one else reads them and no decision rests on them, so they are not audited (no `changes.run`).
 */
export function createSavedViewsService({ db, repo }: { db: Db; repo: SavedViewsRepository }) {
  return {
    list: async (memberId: number, list: string) => ({ items: await repo.list(db, memberId, list) }),

    async save(memberId: number, body: SaveBody): Promise<{ item: SavedView }> {
      const item = await repo.upsert(db, { memberId, ...body }, MAX_SAVED_VIEWS_PER_LIST);
      if (!item) throw new AppError('SAVED_VIEWS_FULL', { max: MAX_SAVED_VIEWS_PER_LIST });
      return { item };
    },

    async delete(memberId: number, id: number): Promise<{ success: true }> {
      if (!(await repo.delete(db, memberId, id))) throw new AppError('SAVED_VIEW_NOT_FOUND');
      return { success: true };
    },
  };
}

export type SavedViewsService = ReturnType<typeof createSavedViewsService>;
