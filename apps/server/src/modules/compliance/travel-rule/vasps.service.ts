import { randomBytes } from 'node:crypto';
import type { complianceApi, Vasp, VaspAddress, VaspBody } from '@backdesk/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { SecretBox } from '../../../lib/secret-box.ts';
import { type Actor, type Changes, recordChange } from '../../platform/audit/changes.ts';
import { createTrpRepository } from './trp/trp.repository.ts';
import { credentialHash, outboundRow } from './trp/trp-credentials.ts';
import type { VaspsRepository } from './vasps.repository.ts';

/** What the audit trail keeps of a VASP: its details and due diligence. */
const auditedOf = (v: Vasp) => ({
  name: v.name,
  lei: v.lei,
  jurisdiction: v.jurisdiction,
  country: v.country,
  licence: v.licence,
  protocol: v.protocol,
  due_diligence: v.due_diligence,
  review_date: v.review_date,
});

const addressOf = (a: VaspAddress) => ({
  vasp_id: a.vasp_id,
  network: a.network,
  address: a.address,
  is_prefix: a.is_prefix,
  self_hosted: a.self_hosted,
  proof_method: a.proof_method,
  customer_id: a.customer_id,
});

/**
 * What the screen keeps of a token it showed once: the scheme and six random characters, enough to
 * tell two tokens apart, 36 of its 256 bits.
 */
const tokenPrefix = (token: string) => token.slice(0, 'bdtrp_'.length + 6);

/** Two rows of one file naming one LEI would apply in turn, the later silently winning: refused. */
function refuseRepeatedLeis(rows: readonly { lei: string }[]): void {
  const first = new Map<string, number>();
  const issues = [];
  for (const [index, row] of rows.entries()) {
    const earlier = first.get(row.lei);
    if (earlier === undefined) first.set(row.lei, index);
    else
      issues.push({
        path: `rows.${index}.lei`,
        message: `The same LEI as row ${earlier + 1}`,
        code: 'VASP_IMPORT_DUPLICATE_LEI',
        params: { row: earlier + 1 },
      });
  }
  if (issues.length > 0) throw new AppError('VASP_IMPORT_DUPLICATE_LEI', {}, { issues });
}

export function createVaspsService(deps: {
  db: Db;
  repo: VaspsRepository;
  changes: Changes;
  box: SecretBox;
}) {
  const { db, repo, changes, box } = deps;
  const trp = createTrpRepository();

  async function refuseTakenLei(tx: DbOrTx, body: VaspBody, exceptId: number | null) {
    if (body.lei && (await repo.leiTaken(tx, body.lei, exceptId))) throw new AppError('VASP_LEI_TAKEN');
  }

  return {
    list: (query: z.output<typeof complianceApi.VaspsQuerySchema>) => repo.page(db, query),

    async get(id: number) {
      const vasp = await repo.byId(db, id);
      if (!vasp) throw new AppError('VASP_NOT_FOUND');
      return { vasp, addresses: await repo.addresses(db, id) };
    },

    create(body: z.output<typeof complianceApi.VaspBodySchema>, actor: Actor): Promise<Vasp> {
      return changes.run(actor, async (tx) => {
        // One VASP per LEI: the advisory lock keeps two members adding the same one from both passing.
        if (body.lei) await repo.lockLei(tx, body.lei);
        await refuseTakenLei(tx, body, null);
        const id = await repo.insert(tx, body);
        const vasp = (await repo.byId(tx, id))!;
        return {
          result: vasp,
          change: { entity: 'vasp', action: 'create', entityId: id, before: null, after: auditedOf(vasp) },
        };
      });
    },

    update(body: z.output<typeof complianceApi.updateVasp.body>, actor: Actor): Promise<Vasp> {
      return changes.run(actor, async (tx) => {
        const before = await repo.byId(tx, body.id, true);
        if (!before) throw new AppError('VASP_NOT_FOUND');
        if (before.version !== body.version) throw new AppError('STALE_EDIT');
        if (JSON.stringify(auditedOf(before)) === JSON.stringify(auditedOf({ ...before, ...body })))
          return { result: before, change: null };
        if (body.lei) await repo.lockLei(tx, body.lei);
        await refuseTakenLei(tx, body, body.id);
        await repo.update(tx, body.id, body);
        const after = (await repo.byId(tx, body.id))!;
        return {
          result: after,
          change: {
            entity: 'vasp',
            action: 'update',
            entityId: body.id,
            before: auditedOf(before),
            after: auditedOf(after),
          },
        };
      });
    },

    /**
     * Links a VASP over TRP (decision 0030): the base of its endpoints, the token it issued us
     * (sealed), and a new token for it to present to us, shown once and kept as its SHA-256. The
     * audit row says what changed, never a token.
     */
    configureTrp(
      body: z.output<typeof complianceApi.configureVaspTrp.body>,
      actor: Actor,
    ): Promise<{ success: true; vasp: Vasp; inbound_token: string | null }> {
      return changes.run(actor, async (tx) => {
        const before = await repo.byId(tx, body.id, true);
        if (!before) throw new AppError('VASP_NOT_FOUND');
        if (before.version !== body.version) throw new AppError('STALE_EDIT');
        const inbound = body.issue_inbound ? `bdtrp_${randomBytes(32).toString('base64url')}` : null;
        await trp.setVaspLink(tx, body.id, {
          url: body.url ? body.url.replace(/\/+$/, '') : null,
          ...(inbound ? { inbound: { hash: credentialHash(inbound), prefix: tokenPrefix(inbound) } } : {}),
          ...(body.revoke_inbound ? { inbound: null } : {}),
          ...(body.outbound_token
            ? { outboundSealed: box.seal(outboundRow(body.id), body.outbound_token) }
            : {}),
        });
        const after = (await repo.byId(tx, body.id))!;
        const link = (v: Vasp) => ({
          trp_url: v.trp_url,
          trp_inbound: v.trp_inbound,
          trp_inbound_prefix: v.trp_inbound_prefix,
          trp_outbound: v.trp_outbound,
        });
        return {
          result: { success: true as const, vasp: after, inbound_token: inbound },
          change: {
            entity: 'vasp',
            action: 'configure_trp',
            entityId: body.id,
            before: link(before),
            after: {
              ...link(after),
              ...(inbound ? { inbound_issued: true } : {}),
              ...(body.revoke_inbound && before.trp_inbound ? { inbound_revoked: true } : {}),
              ...(body.outbound_token ? { outbound_replaced: true } : {}),
            },
          },
        };
      });
    },

    remove(body: z.output<typeof complianceApi.deleteVasp.body>, actor: Actor): Promise<{ success: true }> {
      return changes.run(actor, async (tx) => {
        const before = await repo.byId(tx, body.id, true);
        if (!before) throw new AppError('VASP_NOT_FOUND');
        if (before.version !== body.version) throw new AppError('STALE_EDIT');
        if (await repo.inUse(tx, body.id)) throw new AppError('VASP_IN_USE');
        await repo.remove(tx, body.id);
        return {
          result: { success: true as const },
          change: {
            entity: 'vasp',
            action: 'delete',
            entityId: body.id,
            before: auditedOf(before),
            after: null,
          },
        };
      });
    },

    /**
     * A directory import: every row or none (one transaction, so a file with one bad row leaves the
     * directory as it was and the officer fixes the file), matched by LEI so re-importing the same
     * file changes nothing. Each VASP created or changed is its own audit row.
     */
    importRows(
      body: z.output<typeof complianceApi.importVasps.body>,
      actor: Actor,
    ): Promise<{ success: true; created: number; updated: number; unchanged: number }> {
      refuseRepeatedLeis(body.rows);
      return changes.run(actor, async (tx) => {
        const counts = { created: 0, updated: 0, unchanged: 0 };
        for (const row of body.rows) {
          await repo.lockLei(tx, row.lei);
          const before = await repo.byLei(tx, row.lei);
          if (!before) {
            const id = await repo.insert(tx, row);
            const after = (await repo.byId(tx, id))!;
            await recordChange(tx, actor, {
              entity: 'vasp',
              action: 'create',
              entityId: id,
              before: null,
              after: auditedOf(after),
            });
            counts.created += 1;
          } else if (JSON.stringify(auditedOf(before)) === JSON.stringify(auditedOf({ ...before, ...row }))) {
            counts.unchanged += 1;
          } else {
            await repo.update(tx, before.id, row);
            const after = (await repo.byId(tx, before.id))!;
            await recordChange(tx, actor, {
              entity: 'vasp',
              action: 'update',
              entityId: before.id,
              before: auditedOf(before),
              after: auditedOf(after),
            });
            counts.updated += 1;
          }
        }
        return { result: { success: true as const, ...counts }, change: null };
      });
    },

    /** The member adding a self-hosted wallet with its proof is the one who checked it. */
    addAddress(
      body: z.output<typeof complianceApi.AddVaspAddressBodySchema>,
      actor: Actor,
    ): Promise<VaspAddress> {
      return changes.run(actor, async (tx) => {
        if (body.vasp_id !== null && !(await repo.byId(tx, body.vasp_id, true)))
          throw new AppError('VASP_NOT_FOUND');
        if (body.customer_id !== null && !(await repo.customerExists(tx, body.customer_id)))
          throw new AppError('CUSTOMER_NOT_FOUND');
        const id = await repo.insertAddress(tx, {
          vaspId: body.vasp_id,
          network: body.network,
          address: body.address,
          isPrefix: body.is_prefix,
          selfHosted: body.self_hosted,
          proofMethod: body.proof_method,
          checkedBy: actor.memberId,
          customerId: body.customer_id,
        });
        if (id === undefined) throw new AppError('VASP_ADDRESS_EXISTS');
        const address = (await repo.addressById(tx, id))!;
        return {
          result: address,
          change: {
            entity: 'vasp_address',
            action: 'add',
            entityId: id,
            customerId: address.customer_id,
            before: null,
            after: addressOf(address),
          },
        };
      });
    },

    removeAddress(body: { id: number }, actor: Actor): Promise<{ success: true }> {
      return changes.run(actor, async (tx) => {
        const before = await repo.addressById(tx, body.id);
        if (!before) throw new AppError('VASP_ADDRESS_NOT_FOUND');
        if (await repo.addressInUse(tx, body.id)) throw new AppError('VASP_ADDRESS_IN_USE');
        await repo.removeAddress(tx, body.id);
        return {
          result: { success: true as const },
          change: {
            entity: 'vasp_address',
            action: 'delete',
            entityId: body.id,
            before: addressOf(before),
            after: null,
          },
        };
      });
    },
  };
}
export type VaspsService = ReturnType<typeof createVaspsService>;
