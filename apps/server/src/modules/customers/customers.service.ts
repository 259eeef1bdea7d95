import {
  CRM_MESSAGES,
  type CustomerDetail,
  type CustomerFacets,
  type CustomerFilters,
  type crmApi,
} from '@backdesk/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { RestrictionsService } from '../restrictions/restrictions.service.ts';
import type { CustomerDetailRepository } from './customer-detail.repository.ts';
import { type CustomerRow, toCustomer } from './customer-mapping.ts';
import type { CustomerChanges, CustomersRepository } from './customers.repository.ts';

type ListQuery = z.output<typeof crmApi.CustomersQuerySchema>;
type UpdateBody = z.output<typeof crmApi.UpdateCustomerBodySchema>;
type CreateBody = z.output<typeof crmApi.CreateCustomerBodySchema>;

/** Distinct values change slowly and cost a scan of the table: computed at most once a minute. */
const FACETS_TTL_MS = 60_000;

const filtersOf = ({ search, status, kyc_status, role }: CustomerFilters) => ({
  search,
  status,
  kyc_status,
  role,
});

/** The spec's update fields (§7) onto their columns: alias_mobile is stored as mobile. */
function changesOf(body: UpdateBody): CustomerChanges {
  const changes: CustomerChanges = {};
  if (body.alias_name !== undefined) changes.alias_name = body.alias_name;
  if (body.alias_surname !== undefined) changes.alias_surname = body.alias_surname;
  if (body.alias_email !== undefined) changes.alias_email = body.alias_email;
  if (body.alias_mobile !== undefined) changes.mobile = body.alias_mobile;
  return changes;
}

const contactOf = (row: CustomerRow) => ({
  alias_name: row.alias_name,
  alias_surname: row.alias_surname,
  alias_email: row.alias_email,
  mobile: row.mobile,
  version: row.version,
});

/** PostgreSQL's unique violation, named by constraint: the race-free duplicate check. */
function duplicateOf(error: unknown): string | undefined {
  const e = (error as { cause?: unknown }).cause ?? error;
  const { code, constraint } = e as { code?: string; constraint?: string };
  if (code !== '23505') return undefined;
  return constraint === 'customers_email_lower_key'
    ? CRM_MESSAGES.duplicateEmail
    : CRM_MESSAGES.duplicateUserName;
}

export function createCustomersService(deps: {
  db: Db;
  repo: CustomersRepository;
  detail: CustomerDetailRepository;
  restrictions: RestrictionsService;
  now?: () => number;
}) {
  const { db, repo } = deps;
  const now = deps.now ?? Date.now;
  let facets: { value: CustomerFacets; at: number } | undefined;

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
      repo.exportQuery(filtersOf(query as ListQuery), query.sort, query.dir),

    async facets(): Promise<CustomerFacets> {
      if (facets && now() - facets.at < FACETS_TTL_MS) return facets.value;
      const row = await repo.facets(db);
      facets = { value: { statuses: row.statuses, kycStatuses: row.kyc, roles: row.roles }, at: now() };
      return facets.value;
    },

    exists: async (id: number) => (await repo.byId(db, id)) !== undefined,

    async detail(id: number): Promise<CustomerDetail> {
      const row = await repo.byId(db, id);
      if (!row) throw new AppError('NOT_FOUND', CRM_MESSAGES.customerNotFound);
      const d = deps.detail;
      const [lastDecision, documents, balances, walletTransactions, trades, offers, restrictions, notes] =
        await Promise.all([
          d.lastDecision(db, id),
          d.documents(db, id),
          d.balances(db, id),
          d.walletTransactions(db, id),
          d.trades(db, row.user_name),
          d.offers(db, row.user_name),
          deps.restrictions.forCustomer(id),
          d.notes(db, id),
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
      };
    },

    /** Spec §7 update: only supplied fields change; a stale version is refused, nothing written. */
    async update(body: UpdateBody, memberId: number) {
      return db.transaction(async (tx) => {
        const before = await repo.lockByUserName(tx, body.user_name);
        if (!before) throw new AppError('NOT_FOUND', CRM_MESSAGES.customerNotFound);
        if (body.version !== undefined && body.version !== before.version) {
          throw new AppError('CONFLICT', CRM_MESSAGES.staleEdit);
        }
        const changes = changesOf(body);
        if (changes.alias_email && (await repo.emailTaken(tx, changes.alias_email, Number(before.id)))) {
          throw new AppError('CONFLICT', CRM_MESSAGES.duplicateEmail);
        }
        const after = await repo.update(tx, Number(before.id), changes);
        await recordAudit(tx, {
          memberId,
          action: 'customer.update',
          entity: 'customer',
          entityId: before.id,
          before: contactOf(before),
          after: contactOf(after),
        });
        return { success: true as const, message: CRM_MESSAGES.updated, version: after.version };
      });
    },

    async create(body: CreateBody, memberId: number) {
      if (!(await repo.tierExists(db, body.customer_type))) {
        throw new AppError('VALIDATION_FAILED', CRM_MESSAGES.tierNotFound, {
          issues: [{ path: 'customer_type', message: CRM_MESSAGES.tierNotFound }],
        });
      }
      // Checked first for a precise message; the unique indexes still decide a race.
      if (await repo.userNameTaken(db, body.user_name))
        throw new AppError('CONFLICT', CRM_MESSAGES.duplicateUserName);
      if (await repo.emailTaken(db, body.alias_email))
        throw new AppError('CONFLICT', CRM_MESSAGES.duplicateEmail);
      try {
        return await db.transaction(async (tx) => {
          const row = await repo.insert(tx, {
            user_name: body.user_name,
            alias_name: body.alias_name,
            alias_surname: body.alias_surname,
            alias_email: body.alias_email,
            mobile: body.alias_mobile ?? null,
            kyc_type: body.kyc_type,
            customer_type: body.customer_type,
          });
          const customer = toCustomer(row);
          await recordAudit(tx, {
            memberId,
            action: 'customer.create',
            entity: 'customer',
            entityId: row.id,
            after: customer,
          });
          return { success: true as const, message: CRM_MESSAGES.customerCreated, customer };
        });
      } catch (error) {
        const duplicate = duplicateOf(error);
        if (duplicate) throw new AppError('CONFLICT', duplicate);
        throw error;
      }
    },

    async addNote(customerId: number, body: string, memberId: number) {
      if (!(await repo.byId(db, customerId))) throw new AppError('NOT_FOUND', CRM_MESSAGES.customerNotFound);
      return db.transaction(async (tx) => {
        const note = await repo.insertNote(tx, customerId, memberId, body);
        await recordAudit(tx, {
          memberId,
          action: 'customer.note',
          entity: 'customer',
          entityId: customerId,
          after: { note: note.id, body },
        });
        return { ...note, id: Number(note.id) };
      });
    },
  };
}
export type CustomersService = ReturnType<typeof createCustomersService>;
