import {
  CRM_MESSAGES,
  type CustomerDetail,
  type CustomerFacets,
  type CustomerFilters,
  type crmApi,
  errorMessage,
  type Restriction,
} from '@backdesk/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { type Clock, systemClock } from '../../../lib/clock.ts';
import type { Actor, Changes } from '../../platform/audit/changes.ts';
import type { CustomerDetailRepository } from './customer-detail.repository.ts';
import { type CustomerRow, toCustomer } from './customer-mapping.ts';
import type { CustomerChanges, CustomersRepository } from './customers.repository.ts';

type ListQuery = z.output<typeof crmApi.CustomersQuerySchema>;
type UpdateBody = z.output<typeof crmApi.UpdateCustomerBodySchema>;
type CreateBody = z.output<typeof crmApi.CreateCustomerBodySchema>;

/** The restrictions a customer page shows; the restrictions module provides them (wired in app.ts). */
export interface CustomerRestrictions {
  forCustomer(customerId: number): Promise<Restriction[]>;
}

/** Distinct values change slowly and cost a scan of the table: computed at most once a minute. */
const FACETS_TTL_MS = 60_000;

const filtersOf = ({ search, status, kyc_status, role, phone }: CustomerFilters) => ({
  search,
  status,
  kyc_status,
  role,
  phone,
});

/** The contact fields a member may edit, as stored (alias_mobile is the mobile column). */
const contactOf = (row: CustomerRow) => ({
  alias_name: row.alias_name,
  alias_surname: row.alias_surname,
  alias_email: row.alias_email,
  mobile: row.mobile,
});

/**
 * The supplied fields that differ from the stored ones; an empty object when the update changes
 * nothing (and then nothing is written: no row, no audit, no new version).
 */
function changesOf(body: UpdateBody, row: CustomerRow): CustomerChanges {
  const supplied: CustomerChanges = {
    alias_name: body.alias_name,
    alias_surname: body.alias_surname,
    alias_email: body.alias_email,
    mobile: body.alias_mobile,
  };
  // undefined: not given; null (a cleared phone): remove the stored value.
  return Object.fromEntries(
    Object.entries(supplied).filter(
      ([key, value]) => value !== undefined && value !== row[key as keyof CustomerChanges],
    ),
  ) as CustomerChanges;
}

/** What the audit trail keeps of a new customer: what the member entered. */
const createdOf = (row: CustomerRow) => ({
  user_name: row.user_name,
  alias_name: row.alias_name,
  alias_surname: row.alias_surname,
  alias_email: row.alias_email,
  mobile: row.mobile,
  kyc_type: row.kyc_type,
  customer_type: row.customer_type,
  status: row.status,
});

/** PostgreSQL's unique violation, named by constraint: the race-free duplicate check. */
function duplicateOf(error: unknown): AppError | undefined {
  const e = (error as { cause?: unknown }).cause ?? error;
  const { code, constraint } = e as { code?: string; constraint?: string };
  if (code !== '23505') return undefined;
  return new AppError(constraint === 'customers_email_lower_key' ? 'DUPLICATE_EMAIL' : 'DUPLICATE_USER_NAME');
}

/** Runs a write, turning a unique violation that a concurrent write caused into its error code. */
async function refusingDuplicates<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw duplicateOf(error) ?? error;
  }
}

export function createCustomersService(deps: {
  db: Db;
  repo: CustomersRepository;
  detail: CustomerDetailRepository;
  restrictions: CustomerRestrictions;
  changes: Changes;
  clock?: Clock;
}) {
  const { db, repo, changes } = deps;
  const clock = deps.clock ?? systemClock;
  let facets: { value: CustomerFacets; at: number } | undefined;

  const requireCustomer = async (tx: DbOrTx, id: number) => {
    const row = await repo.byId(tx, id);
    if (!row) throw new AppError('CUSTOMER_NOT_FOUND');
    return row;
  };

  return {
    async list(query: ListQuery) {
      const page = await repo.page(db, { ...query, filters: filtersOf(query) });
      return {
        items: page.items.map(toCustomer),
        nextCursor: page.nextCursor,
        prevCursor: page.prevCursor,
      };
    },

    count: (query: CustomerFilters) => repo.count(db, filtersOf(query)),

    exportQuery: (query: Omit<ListQuery, 'cursor' | 'limit'>) =>
      repo.exportQuery(filtersOf(query), query.sort, query.dir),

    async facets(): Promise<CustomerFacets> {
      const now = clock.now().getTime();
      if (facets && now - facets.at < FACETS_TTL_MS) return facets.value;
      const row = await repo.facets(db);
      facets = { value: { statuses: row.statuses, kycStatuses: row.kyc, roles: row.roles }, at: now };
      return facets.value;
    },

    async detail(id: number): Promise<CustomerDetail> {
      const row = await requireCustomer(db, id);
      const d = deps.detail;
      const [
        lastDecision,
        documents,
        balances,
        walletTransactions,
        trades,
        offers,
        restrictions,
        notes,
        exchange,
      ] = await Promise.all([
        d.lastDecision(db, id),
        d.documents(db, id),
        d.balances(db, id),
        d.walletTransactions(db, id),
        d.trades(db, row.user_name),
        d.offers(db, row.user_name),
        deps.restrictions.forCustomer(id),
        d.notes(db, id),
        d.exchange(db, id),
      ]);
      const ids = <T extends { id: number }>(rows: T[]) => rows.map((r) => ({ ...r, id: Number(r.id) }));
      return {
        customer: {
          ...toCustomer(row),
          mobile: row.mobile,
          kyc_type: row.kyc_type,
          kyc_level: row.kyc_level,
        },
        kyc: { lastDecision, documents: ids(documents) },
        balances,
        walletTransactions: ids(walletTransactions),
        trades: ids(trades),
        offers,
        restrictions,
        notes: ids(notes),
        exchange,
      };
    },

    /** Only supplied fields change; a stale version is refused; an update that changes nothing writes nothing. */
    update(body: UpdateBody, actor: Actor) {
      return refusingDuplicates(() =>
        changes.run(actor, async (tx) => {
          const before = await repo.lockByUserName(tx, body.user_name);
          if (!before) throw new AppError('CUSTOMER_NOT_FOUND');
          if (body.version !== undefined && body.version !== before.version) throw new AppError('STALE_EDIT');
          const id = Number(before.id);
          const fields = changesOf(body, before);
          const answer = (version: number) => ({
            success: true as const,
            message: CRM_MESSAGES.updated,
            version,
          });
          if (Object.keys(fields).length === 0) return { result: answer(before.version), change: null };
          // Checked first for a precise answer; the unique index still decides a race.
          if (fields.alias_email && (await repo.emailTaken(tx, fields.alias_email, id))) {
            throw new AppError('DUPLICATE_EMAIL');
          }
          const after = await repo.update(tx, id, fields);
          return {
            result: answer(after.version),
            change: {
              entity: 'customer',
              action: 'update',
              entityId: id,
              before: contactOf(before),
              after: contactOf(after),
            },
          };
        }),
      );
    },

    create(body: CreateBody, actor: Actor) {
      return refusingDuplicates(() =>
        changes.run(actor, async (tx) => {
          if (!(await repo.tierExists(tx, body.customer_type))) {
            const params = { code: body.customer_type };
            throw new AppError('UNKNOWN_CUSTOMER_TYPE', params, {
              issues: [
                {
                  path: 'customer_type',
                  message: errorMessage('UNKNOWN_CUSTOMER_TYPE', params),
                  code: 'UNKNOWN_CUSTOMER_TYPE',
                  params,
                },
              ],
            });
          }
          // Checked first for a precise answer; the unique indexes still decide a race.
          if (await repo.userNameTaken(tx, body.user_name)) throw new AppError('DUPLICATE_USER_NAME');
          if (await repo.emailTaken(tx, body.alias_email)) throw new AppError('DUPLICATE_EMAIL');
          const row = await repo.insert(tx, {
            user_name: body.user_name,
            alias_name: body.alias_name,
            alias_surname: body.alias_surname,
            alias_email: body.alias_email,
            mobile: body.alias_mobile ?? null,
            kyc_type: body.kyc_type,
            customer_type: body.customer_type,
          });
          return {
            result: {
              success: true as const,
              message: CRM_MESSAGES.customerCreated,
              customer: toCustomer(row),
            },
            change: {
              entity: 'customer',
              action: 'create',
              entityId: Number(row.id),
              before: null,
              after: createdOf(row),
            },
          };
        }),
      );
    },

    addNote(customerId: number, body: string, actor: Actor) {
      return changes.run(actor, async (tx) => {
        await requireCustomer(tx, customerId);
        const note = await repo.insertNote(tx, customerId, actor.memberId, body);
        const id = Number(note.id);
        return {
          result: { ...note, id },
          change: {
            entity: 'customer',
            action: 'add_note',
            entityId: customerId,
            before: null,
            after: { note: id, body },
          },
        };
      });
    },
  };
}
export type CustomersService = ReturnType<typeof createCustomersService>;
