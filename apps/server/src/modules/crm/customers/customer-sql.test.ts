import {
  customerKycStatus,
  customerPhone,
  customerTypeOf,
  isActiveCustomer,
  kycTypeLabel,
} from '@backdesk/contract/rules';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../test/harness.ts';
import { CUSTOMER_MAPPING } from '../../../db/sql/index.ts';
import { customerWhere } from './customer-sql.ts';

const t = useTestApp();

/** Stored values that touch every branch of the rules: missing, empty, exact and look-alike values. */
const ROWS = [
  { mobile: null, user_ky: null, kyc_type: 'kyc', customer_type: null, token_hash: null, status: null },
  {
    mobile: '',
    user_ky: 'approved',
    kyc_type: 'kyb',
    customer_type: 'gold',
    token_hash: '',
    status: 'inactive',
  },
  {
    mobile: '+90 532 000 00 00',
    user_ky: 'kyc',
    kyc_type: 'KYB',
    customer_type: null,
    token_hash: 'abc',
    status: 'inactive',
  },
  {
    mobile: null,
    user_ky: 'rejected',
    kyc_type: 'kyc',
    customer_type: 'silver',
    token_hash: null,
    status: 'Active',
  },
  { mobile: null, user_ky: null, kyc_type: 'kyb', customer_type: null, token_hash: null, status: 'active' },
];

describe('CUSTOMER_MAPPING', () => {
  it('computes in SQL what the contract rules compute in TypeScript', async () => {
    const inserted: number[] = [];
    for (const [i, row] of ROWS.entries()) {
      const result = await t.db.execute<{ id: number }>(sql`
        INSERT INTO customers (user_name, mobile, user_ky, kyc_type, customer_type, token_hash, status)
        VALUES (${`mapping_rule_${i}`}, ${row.mobile}, ${row.user_ky}, ${row.kyc_type}, ${row.customer_type},
                ${row.token_hash}, ${row.status})
        RETURNING id`);
      inserted.push(Number(result.rows[0]!.id));
    }
    const mapped = await t.db.execute<{
      id: number;
      phone: string;
      kyc_status: string;
      kyc_type_label: string;
      customer_type: string;
      active: boolean;
    }>(sql`
      SELECT id, ${CUSTOMER_MAPPING.phone} AS phone, ${CUSTOMER_MAPPING.kyc_status} AS kyc_status,
             ${CUSTOMER_MAPPING.kyc_type_label} AS kyc_type_label,
             ${CUSTOMER_MAPPING.customer_type} AS customer_type, ${CUSTOMER_MAPPING.active} AS active
      FROM customers WHERE id IN (${sql.join(inserted, sql`, `)}) ORDER BY id`);
    expect(mapped.rows.map(({ id: _id, ...fields }) => fields)).toEqual(
      ROWS.map((row) => ({
        phone: customerPhone(row.mobile),
        kyc_status: customerKycStatus(row.user_ky),
        kyc_type_label: kycTypeLabel(row.kyc_type),
        customer_type: customerTypeOf(row.customer_type),
        active: isActiveCustomer(row),
      })),
    );
  });
});

describe('customerWhere', () => {
  it('finds search, role and KYC status matches in one scan of the filters GIN index', async () => {
    const where = customerWhere({
      search: 'kaya',
      status: 'active',
      kyc_status: 'Pending',
      role: 'P2P_SELLER',
    });
    const plan = await t.db.transaction(async (tx) => {
      // A handful of test rows would be read whole otherwise; the question is which index serves.
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`EXPLAIN SELECT id FROM customers WHERE ${where}`,
      );
      return rows.map((row) => row['QUERY PLAN']);
    });
    const scan = plan.findIndex((line) => line.includes('Index Scan on customers_filters_gin_idx'));
    expect(scan, plan.join('\n')).toBeGreaterThanOrEqual(0);
    const condition = plan[scan + 1] ?? '';
    expect(condition).toContain("search_text ~~ '%kaya%'");
    expect(condition).toContain("roles_folded @> '{p2p_seller}'");
    expect(condition).toMatch(/COALESCE\(user_ky, 'kyc'::text\).*= 'pending'/);
  });
});
