import type { DbOrTx } from '../../../db/client.ts';

/**
 * A system notice to some members (an export ready, a job failed): `code` is worded by the web app
 * (inbox.json `notices.<code>`), `sourceRef` names what it is about, unique per notice.
 */
export interface SystemNotice {
  code: string;
  sourceRef: string;
  subject: string | null;
  params: Record<string, unknown>;
  audience: number[];
}

/** How a part posts a notice: the inbox area's `notice`, passed in by app.ts (platform uses no area). */
export type PostNotice = (tx: DbOrTx, notice: SystemNotice) => Promise<void>;
