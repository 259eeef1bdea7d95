import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { captchaUses } from '../../../db/schema.ts';

export function createCaptchaRepository() {
  let claims = 0;
  return {
    /** Inserts the signature; the primary key lets exactly one of concurrent claims succeed. */
    async claim(db: DbOrTx, signature: string, expiresAt: Date, now: Date): Promise<boolean> {
      const rows = await db
        .insert(captchaUses)
        .values({ signature, expiresAt })
        .onConflictDoNothing()
        .returning({ signature: captchaUses.signature });
      // Expired signatures can no longer verify, so their rows only take space.
      if (++claims % 100 === 0) await db.delete(captchaUses).where(lt(captchaUses.expiresAt, now));
      return rows.length === 1;
    },
  };
}
export type CaptchaRepository = ReturnType<typeof createCaptchaRepository>;
