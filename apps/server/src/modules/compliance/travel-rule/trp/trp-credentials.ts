import { createHash } from 'node:crypto';
import { createSecretBox } from '../../../../lib/secret-box.ts';

/** The credential a VASP presents to us: the directory keeps only its SHA-256 (decision 0030). */
export const credentialHash = (token: string): Buffer => createHash('sha256').update(token).digest();

/** The token a VASP issued us, sealed to its directory row: every node can present it, the database alone cannot. */
export const createTrpTokenBox = (deploymentSecret: string) =>
  createSecretBox(deploymentSecret, { salt: 'backdesk-trp', info: 'counterparty-token-v1' });

/** Where a sealed outbound token is bound: its VASP's row. */
export const outboundRow = (vaspId: number) => `vasp-trp-outbound:${vaspId}`;
