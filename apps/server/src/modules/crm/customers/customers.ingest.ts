import { type IngestCustomer, IngestCustomerSchema } from '@backdesk/contract';
import {
  APPLIED,
  type IngestKind,
  type ItemOutcome,
  refused,
  STALE,
  UNCHANGED,
} from '../../platform/ingest/ingest-core.ts';
import {
  type CustomerWrite,
  type FedCustomerRow,
  insertFed,
  lockFed,
  recordConflicts,
  updateFed,
} from './customers-ingest.repository.ts';

/** The contact fields staff may edit in Backdesk that the exchange also sends (their columns). */
const ECHOED = {
  firstName: 'alias_name',
  lastName: 'alias_surname',
  email: 'alias_email',
  mobile: 'mobile',
} as const;
type Echoed = (typeof ECHOED)[keyof typeof ECHOED];

/**
 * A customer as the exchange states it, over what is stored: a field the exchange leaves out keeps
 * its value (null clears it); Backdesk's own fields (KYC level and status, tier, roles) are never
 * touched (decision 0025, who owns what).
 */
function merged(c: IngestCustomer, stored: FedCustomerRow | undefined): Omit<CustomerWrite, 'id'> {
  const keep = <K extends keyof FedCustomerRow>(value: FedCustomerRow[K] | undefined, key: K) =>
    value === undefined ? (stored?.[key] ?? null) : value;
  return {
    externalId: c.externalId,
    version: c.version,
    user_name: c.userName,
    alias_name: keep(c.firstName, 'alias_name'),
    alias_surname: keep(c.lastName, 'alias_surname'),
    alias_email: keep(c.email, 'alias_email'),
    mobile: keep(c.mobile, 'mobile'),
    status: c.status,
    kyc_type: c.kycType,
    birth_date: keep(c.birthDate, 'birth_date'),
    nationality: keep(c.nationality, 'nationality'),
    create_date: c.createdAt ?? null,
  };
}

/**
 * Which staff-edited fields still await the echo once `c` is applied, or the fields it disagrees on.
 * A field the item leaves out neither confirms nor undoes the edit.
 */
function echoCheck(
  c: IngestCustomer,
  pending: Partial<Record<Echoed, string | null>>,
): { disagrees: Echoed[]; stillPending: Partial<Record<Echoed, string | null>> } {
  const disagrees: Echoed[] = [];
  const stillPending: Partial<Record<Echoed, string | null>> = {};
  for (const [field, column] of Object.entries(ECHOED) as Array<[keyof typeof ECHOED, Echoed]>) {
    if (!(column in pending)) continue;
    const sent = c[field];
    if (sent === undefined) stillPending[column] = pending[column] ?? null;
    else if ((sent ?? null) !== (pending[column] ?? null)) disagrees.push(column);
  }
  return { disagrees, stillPending };
}

/**
 * Customers from the exchange (decision 0025): the batch's stored rows are locked and read once, each
 * item classified (new, newer, stale, or disagreeing with a staff edit that awaits its echo), then one
 * INSERT for the new and one UPDATE for the newer. Fraud screening, the facet counts and the sign-up
 * rollups follow from the table's triggers.
 */
export const customersIngest: IngestKind<IngestCustomer> = {
  name: 'customers',
  schema: IngestCustomerSchema,
  keyOf: (c) => c.externalId,
  versionOf: (c) => c.version,
  async apply(tx, items, source) {
    const stored = await lockFed(
      tx,
      items.map((c) => c.externalId),
    );
    const outcomes: ItemOutcome[] = [];
    const inserts: Array<Omit<CustomerWrite, 'id'>> = [];
    const updates: CustomerWrite[] = [];
    const conflicts: Parameters<typeof recordConflicts>[1] = [];
    for (const c of items) {
      const row = stored.get(c.externalId);
      if (!row) {
        inserts.push(merged(c, undefined));
        outcomes.push(APPLIED);
        continue;
      }
      const held = row.external_version ?? 0;
      if (c.version <= held) {
        outcomes.push(c.version === held ? UNCHANGED : STALE);
        continue;
      }
      const pending = (row.pending_echo ?? {}) as Partial<Record<Echoed, string | null>>;
      const { disagrees, stillPending } = echoCheck(c, pending);
      if (disagrees.length > 0) {
        conflicts.push({
          customerId: row.id,
          version: c.version,
          staff: Object.fromEntries(disagrees.map((f) => [f, pending[f] ?? null])),
          incoming: Object.fromEntries(
            disagrees.map((f) => {
              const field = (Object.keys(ECHOED) as Array<keyof typeof ECHOED>).find((k) => ECHOED[k] === f)!;
              return [f, c[field] ?? null];
            }),
          ),
        });
        outcomes.push(refused('STAFF_EDIT_PENDING', { fields: disagrees.join(', ') }));
        continue;
      }
      updates.push({
        ...merged(c, row),
        id: row.id,
        pendingEcho: Object.keys(stillPending).length > 0 ? stillPending : null,
      });
      outcomes.push(APPLIED);
    }
    await insertFed(tx, inserts, source);
    await updateFed(tx, updates, source);
    await recordConflicts(tx, conflicts, source);
    return outcomes;
  },
};
