import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { createChanges } from '../../platform/audit/changes.ts';
import { createP2pRepository } from './p2p.repository.ts';
import { registerP2pRoutes } from './p2p.routes.ts';
import { createP2pService } from './p2p.service.ts';

/** Wires the P2P area (offers and trades): repository → service → routes. */
export function registerP2pModule(app: FastifyInstance, { db }: { db: Db }): void {
  registerP2pRoutes(app, {
    p2p: createP2pService({ db, changes: createChanges(db), repo: createP2pRepository() }),
  });
}
