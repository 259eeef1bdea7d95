import { STATE_COLORS } from '../../../lib/state-colors.ts';

/** A wallet transaction's status colour: the app's one colour per state (lib/state-colors.ts). */
export const WALLET_STATUS_COLOR: Record<string, string> = STATE_COLORS;
