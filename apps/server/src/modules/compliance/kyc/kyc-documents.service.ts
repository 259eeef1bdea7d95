import { type complianceApi, isBusinessKind, type KycDocumentRow, kindHasExpiry } from '@backdesk/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { Actor, IntegrationActor } from '../../platform/audit/changes.ts';
import type { StoredDocumentFile } from '../../platform/documents/index.ts';
import type { KycFacts } from './kyc-customers.repository.ts';
import type { KycQuarantineRepository } from './kyc-quarantine.repository.ts';
import { followDocuments, type KycServiceDeps } from './kyc-state.ts';

type UploadQuery = z.output<typeof complianceApi.UploadKycDocumentQuerySchema>;
type DecideBody = z.output<typeof complianceApi.DecideKycDocumentBodySchema>;

/** What a document's audit rows record: its decision and file, never the customer's data itself. */
const audited = (d: KycDocumentRow) => ({
  kind: d.kind,
  status: d.status,
  file_name: d.file_name,
  content_type: d.content_type,
  size_bytes: d.size_bytes,
  sha256: d.sha256,
  channel: d.channel,
  reason_code: d.reason_code,
  reason_text: d.reason_text,
  comment: d.comment,
  expires_on: d.expires_on,
});

const DECISION_ACTION = {
  approved: 'approve',
  rejected: 'reject',
  resubmission_requested: 'request_resubmission',
} as const;

/** Whether this kind of document may be filed for this customer, with this expiry (R37). */
function checkKind(facts: Pick<KycFacts, 'kycType'>, kind: string, expiresOn: string | undefined) {
  if (isBusinessKind(kind) && facts.kycType !== 'kyb') throw new AppError('KYC_KIND_NOT_FOR_CUSTOMER');
  if (expiresOn && !kindHasExpiry(kind)) throw new AppError('KYC_EXPIRY_NOT_APPLICABLE', { kind });
}

export function createKycDocumentsService(deps: KycServiceDeps & { quarantine: KycQuarantineRepository }) {
  const { db, clock, changes, documents, cases, customers, quarantine } = deps;

  /** A document a file check set aside is never opened or decided again. */
  async function refuseQuarantined(tx: DbOrTx, id: number) {
    if (await quarantine.isQuarantined(tx, id)) throw new AppError('KYC_DOCUMENT_QUARANTINED');
  }

  /** Locks the customer, then the document: the order uploads and level decisions take too. */
  async function lockDocument(tx: DbOrTx, id: number) {
    const seen = await documents.byId(tx, id);
    if (!seen) throw new AppError('KYC_DOCUMENT_NOT_FOUND');
    await refuseQuarantined(tx, id);
    const facts = await customers.lockFacts(tx, seen.customer_id);
    const doc = await documents.byId(tx, id, true);
    if (!facts || !doc) throw new AppError('KYC_DOCUMENT_NOT_FOUND');
    return { doc, facts };
  }

  return {
    list: (query: z.output<typeof complianceApi.KycDocumentsQuerySchema>, source: Db = db) =>
      documents.page(source, query),
    count: (filters: z.output<typeof complianceApi.KycDocumentFiltersSchema>, source: Db = db) =>
      documents.count(source, filters),
    exportQuery: documents.exportQuery,

    async detail(id: number) {
      const document = await documents.byId(db, id);
      if (!document) throw new AppError('KYC_DOCUMENT_NOT_FOUND');
      const [profile, all] = await Promise.all([
        documents.profile(db, document.customer_id),
        documents.forCustomer(db, document.customer_id),
      ]);
      return { document, profile, siblings: all.filter((d) => d.id !== id) };
    },

    /** Refuses an upload before its bytes are read: an unknown customer, a kind not theirs. */
    async checkUpload(query: UploadQuery): Promise<void> {
      const facts = await customers.lockFacts(db, query.customer_id, false);
      if (!facts) throw new AppError('CUSTOMER_NOT_FOUND');
      checkKind(facts, query.kind, query.expires_on);
    },

    /**
     * Files a stored upload as a pending document and opens (or extends) the customer's case. The same
     * bytes already pending for this customer and kind answer that document: a retry creates nothing.
     */
    /**
     * A member's upload on the customer's behalf (channel staff), or the exchange's (an integration:
     * channel customer, the customer gave it to the exchange; decision 0025).
     */
    upload(query: UploadQuery, file: StoredDocumentFile, actor: Actor | IntegrationActor) {
      const staff = actor.memberId !== null;
      return changes.run(actor, async (tx) => {
        const facts = await customers.lockFacts(tx, query.customer_id);
        if (!facts) throw new AppError('CUSTOMER_NOT_FOUND');
        checkKind(facts, query.kind, query.expires_on);
        const twin = await documents.pendingTwin(tx, query.customer_id, query.kind, file.sha256);
        if (twin) return { result: { created: false, document: twin }, change: null };
        const id = await documents.insert(tx, {
          customerId: query.customer_id,
          kind: query.kind,
          fileName: file.fileName,
          contentType: file.contentType,
          sizeBytes: file.size,
          sha256: file.sha256,
          channel: staff ? 'staff' : 'customer',
          uploadedBy: actor.memberId,
          uploadedAt: clock.now(),
          expiresOn: query.expires_on ?? null,
        });
        await followDocuments(tx, query.customer_id, { cases, customers });
        const document = (await documents.byId(tx, id))!;
        return {
          result: { created: true, document },
          change: {
            entity: 'kyc_document' as const,
            action: 'upload' as const,
            entityId: id,
            customerId: query.customer_id,
            before: null,
            after: audited(document),
          },
        };
      });
    },

    /**
     * Approves or rejects a document at the version the member saw (R21). A final rejection stands:
     * only a new upload can be approved (R37). An approval with an expiry date already past is refused.
     */
    decide(body: DecideBody, actor: Actor): Promise<KycDocumentRow> {
      return changes.run(actor, async (tx) => {
        const { doc } = await lockDocument(tx, body.id);
        if (doc.version !== body.version) throw new AppError('STALE_EDIT');
        if (doc.status === 'rejected') throw new AppError('KYC_DOCUMENT_FINAL');
        if (body.expires_on && !kindHasExpiry(doc.kind))
          throw new AppError('KYC_EXPIRY_NOT_APPLICABLE', { kind: doc.kind });
        const now = clock.now();
        const approve = body.decision === 'approve';
        const expiresOn = approve ? (body.expires_on ?? doc.expires_on) : doc.expires_on;
        if (approve && expiresOn && expiresOn < now.toISOString().slice(0, 10))
          throw new AppError('KYC_DOCUMENT_EXPIRED', { date: expiresOn });
        const status = approve
          ? 'approved'
          : body.rejection === 'final'
            ? 'rejected'
            : 'resubmission_requested';
        const decision = {
          status,
          reviewedBy: actor.memberId,
          reviewedAt: now,
          reasonCode: approve ? null : (body.reason_code ?? null),
          reasonText: approve ? null : (body.reason_text ?? null),
          comment: body.comment || null,
          expiresOn: approve ? (body.expires_on ?? null) : null,
        } as const;
        const unchanged =
          doc.status === status &&
          doc.reason_code === decision.reasonCode &&
          doc.reason_text === decision.reasonText &&
          doc.comment === decision.comment &&
          doc.expires_on === expiresOn;
        // Deciding again what stands already changes nothing (R20): no row, no version.
        if (unchanged) return { result: doc, change: null };
        await documents.decide(tx, doc.id, doc.customer_id, decision);
        await followDocuments(tx, doc.customer_id, { cases, customers });
        const after = (await documents.byId(tx, doc.id))!;
        return {
          result: after,
          change: {
            entity: 'kyc_document' as const,
            action: DECISION_ACTION[status],
            entityId: doc.id,
            customerId: doc.customer_id,
            before: audited(doc),
            after: audited(after),
          },
        };
      });
    },

    /**
     * Records that the member looked at (or took a copy of) a document's file, before it is served:
     * who looked at whose document is in the audit trail even when the transfer breaks off.
     */
    recordAccess(id: number, action: 'view' | 'download', actor: Actor): Promise<KycDocumentRow> {
      return changes.run(actor, async (tx) => {
        const doc = await documents.byId(tx, id);
        if (!doc?.sha256) throw new AppError('KYC_DOCUMENT_NOT_FOUND');
        await refuseQuarantined(tx, id);
        return {
          result: doc,
          change: {
            entity: 'kyc_document' as const,
            action,
            entityId: id,
            customerId: doc.customer_id,
            before: null,
            after: { kind: doc.kind, file_name: doc.file_name, sha256: doc.sha256 },
          },
        };
      });
    },
  };
}
export type KycDocumentsService = ReturnType<typeof createKycDocumentsService>;
