/** The four-eyes request that releases a withdrawal above its asset's threshold. */
export const WITHDRAWAL_RELEASE = 'withdrawal_release';

/** A first approval nobody seconds within three days lapses; the withdrawal then needs two afresh. */
export const WITHDRAWAL_RELEASE_TTL_MS = 72 * 3_600_000;
