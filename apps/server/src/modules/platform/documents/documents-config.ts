import type { Config } from '../../../config/config.ts';

/** Storage, limits and the optional virus scanner of KYC documents, from the configuration. */
export type DocumentsConfig = Config['documents'];
