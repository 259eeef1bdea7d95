import type { Vasp, VaspAddress, VaspBody } from '@backdesk/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { escapeLike, isoUtc } from '../../../db/sql/index.ts';
import { boundedCount } from '../../../lib/bounded-count.ts';
import { keysetPage } from '../../../lib/keyset.ts';
import { allOf } from '../../../lib/list-query.ts';

const SORT = { name: sql`v.name`, review_date: sql`v.review_date`, created_at: sql`v.created_at` } as const;

const COLUMNS = sql`
  v.id, v.name, v.lei, v.jurisdiction, v.country, v.licence, v.protocol, v.due_diligence,
  v.review_date::text AS review_date,
  (SELECT count(*)::int FROM vasp_addresses a WHERE a.vasp_id = v.id) AS address_count,
  v.trp_url, v.trp_inbound_hash IS NOT NULL AS trp_inbound, v.trp_outbound_sealed IS NOT NULL AS trp_outbound,
  v.trp_inbound_prefix, ${isoUtc(sql`v.created_at`)} AS created_at, v.version`;

/** An attribution's columns, `m` being the member who checked its proof (self-hosted.repository.ts too). */
export const ADDRESS_COLUMNS = sql`
  a.id, a.vasp_id, a.network, a.address, a.is_prefix, a.self_hosted, a.proof_method,
  m.display_name AS proof_checked_by, ${isoUtc(sql`a.proof_checked_at`)} AS proof_checked_at,
  a.customer_id::int AS customer_id, ${isoUtc(sql`a.created_at`)} AS created_at, a.version,
  a.proof_message, a.proof_signature, a.proof_tx_hash, a.proof_transaction_id::int AS proof_transaction_id,
  a.proof_verified_by`;

export interface VaspFilters {
  q?: string;
  jurisdiction?: Vasp['jurisdiction'];
  due_diligence?: Vasp['due_diligence'];
}

function where(f: VaspFilters): SQL {
  const conditions: SQL[] = [];
  if (f.q) {
    const like = `%${escapeLike(f.q)}%`;
    conditions.push(sql`(v.name ILIKE ${like} OR v.lei = ${f.q.toUpperCase()})`);
  }
  if (f.jurisdiction) conditions.push(sql`v.jurisdiction = ${f.jurisdiction}`);
  if (f.due_diligence) conditions.push(sql`v.due_diligence = ${f.due_diligence}`);
  return allOf(conditions);
}

const values = (b: VaspBody) => ({
  name: b.name,
  lei: b.lei,
  jurisdiction: b.jurisdiction,
  country: b.country,
  licence: b.licence,
  protocol: b.protocol,
  dueDiligence: b.due_diligence,
  reviewDate: b.review_date,
});

export function createVaspsRepository() {
  return {
    async page(
      db: DbOrTx,
      request: VaspFilters & { sort: keyof typeof SORT; dir: 'asc' | 'desc'; cursor?: string; limit: number },
    ) {
      const filter = where(request);
      const sort = SORT[request.sort];
      type Paged = Vasp & { sort_value: string | null };
      const [page, total] = await Promise.all([
        keysetPage<Paged>(
          { sort, id: sql`v.id`, dir: request.dir },
          request,
          (row) => [row.sort_value, Number(row.id)],
          async (k) =>
            (
              await db.execute<Paged>(sql`
                SELECT ${COLUMNS}, (${sort})::text AS sort_value FROM vasps v
                WHERE ${filter}${k.where ? sql` AND ${k.where}` : sql``}
                ORDER BY ${sql.join(k.orderBy, sql`, `)} LIMIT ${k.limit}`)
            ).rows,
        ),
        boundedCount(db, sql`vasps v WHERE ${filter}`),
      ]);
      return { ...page, total };
    },

    async byId(db: DbOrTx, id: number, lock = false): Promise<Vasp | undefined> {
      const { rows } = await db.execute<Vasp>(
        sql`SELECT ${COLUMNS} FROM vasps v WHERE v.id = ${id}${lock ? sql` FOR UPDATE OF v` : sql``}`,
      );
      return rows[0];
    },

    async byLei(db: DbOrTx, lei: string): Promise<Vasp | undefined> {
      const { rows } = await db.execute<Vasp>(
        sql`SELECT ${COLUMNS} FROM vasps v WHERE v.lei = ${lei} FOR UPDATE OF v`,
      );
      return rows[0];
    },

    /** Serialises the LEI check of two members adding or changing the same LEI at once. */
    async lockLei(tx: DbOrTx, lei: string): Promise<void> {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`vasp-lei:${lei}`}))`);
    },

    async leiTaken(db: DbOrTx, lei: string, exceptId: number | null): Promise<boolean> {
      const { rows } = await db.execute(
        sql`SELECT 1 FROM vasps WHERE lei = ${lei} AND id IS DISTINCT FROM ${exceptId}::integer`,
      );
      return rows.length > 0;
    },

    async insert(tx: DbOrTx, b: VaspBody): Promise<number> {
      const v = values(b);
      const { rows } = await tx.execute<{ id: number }>(sql`
        INSERT INTO vasps (name, lei, jurisdiction, country, licence, protocol, due_diligence, review_date)
        VALUES (${v.name}, ${v.lei}, ${v.jurisdiction}, ${v.country}, ${v.licence}, ${v.protocol}, ${v.dueDiligence},
                ${v.reviewDate}::date)
        RETURNING id`);
      return Number(rows[0]!.id);
    },

    async update(tx: DbOrTx, id: number, b: VaspBody): Promise<void> {
      const v = values(b);
      await tx.execute(sql`
        UPDATE vasps SET name = ${v.name}, lei = ${v.lei}, jurisdiction = ${v.jurisdiction}, country = ${v.country},
          licence = ${v.licence}, protocol = ${v.protocol}, due_diligence = ${v.dueDiligence},
          review_date = ${v.reviewDate}::date, updated_at = now(), version = version + 1
        WHERE id = ${id}`);
    },

    async inUse(tx: DbOrTx, id: number): Promise<boolean> {
      const { rows } = await tx.execute(
        sql`SELECT 1 FROM travel_rule_records WHERE counterparty_vasp_id = ${id} LIMIT 1`,
      );
      return rows.length > 0;
    },

    /** Removes a VASP and its address attributions (no record names it: checked by the caller). */
    async remove(tx: DbOrTx, id: number): Promise<void> {
      await tx.execute(sql`DELETE FROM vasp_addresses WHERE vasp_id = ${id}`);
      await tx.execute(sql`DELETE FROM vasps WHERE id = ${id}`);
    },

    async addresses(db: DbOrTx, vaspId: number): Promise<VaspAddress[]> {
      const { rows } = await db.execute<VaspAddress>(sql`
        SELECT ${ADDRESS_COLUMNS} FROM vasp_addresses a LEFT JOIN staff_members m ON m.id = a.proof_checked_by
        WHERE a.vasp_id = ${vaspId} ORDER BY a.network, a.address`);
      return rows;
    },

    async addressById(db: DbOrTx, id: number): Promise<VaspAddress | undefined> {
      const { rows } = await db.execute<VaspAddress>(sql`
        SELECT ${ADDRESS_COLUMNS} FROM vasp_addresses a LEFT JOIN staff_members m ON m.id = a.proof_checked_by
        WHERE a.id = ${id}`);
      return rows[0];
    },

    /** Adds an attribution; undefined when the network already has this address (the unique key). */
    async insertAddress(
      tx: DbOrTx,
      a: {
        vaspId: number | null;
        network: string;
        address: string;
        isPrefix: boolean;
        selfHosted: boolean;
        proofMethod: string | null;
        checkedBy: number | null;
        customerId: number | null;
      },
    ): Promise<number | undefined> {
      const { rows } = await tx.execute<{ id: number }>(sql`
        INSERT INTO vasp_addresses (vasp_id, network, address, is_prefix, self_hosted, proof_method, proof_checked_by,
          proof_checked_at, customer_id)
        VALUES (${a.vaspId}, ${a.network}, ${a.address}, ${a.isPrefix}, ${a.selfHosted}, ${a.proofMethod},
          ${a.proofMethod ? a.checkedBy : null}::integer, ${a.proofMethod ? sql`now()` : sql`NULL`},
          ${a.customerId}::bigint)
        ON CONFLICT (network, address) DO NOTHING
        RETURNING id`);
      return rows[0] ? Number(rows[0].id) : undefined;
    },

    /** Whether a record points at the attribution (it then stays: the record's proof rests on it). */
    async addressInUse(tx: DbOrTx, id: number): Promise<boolean> {
      const { rows } = await tx.execute(
        sql`SELECT 1 FROM travel_rule_records WHERE counterparty_address_id = ${id} LIMIT 1`,
      );
      return rows.length > 0;
    },

    async customerExists(db: DbOrTx, id: number): Promise<boolean> {
      const { rows } = await db.execute(sql`SELECT 1 FROM customers WHERE id = ${id}`);
      return rows.length > 0;
    },

    async removeAddress(tx: DbOrTx, id: number): Promise<void> {
      await tx.execute(sql`DELETE FROM vasp_addresses WHERE id = ${id}`);
    },
  };
}
export type VaspsRepository = ReturnType<typeof createVaspsRepository>;
