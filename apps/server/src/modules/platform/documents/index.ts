/**
 * The file layer of KYC documents (docs/decisions/0010-document-intake.md): where files live
 * (a `DocumentStore`, local or S3-compatible), how an upload becomes a stored file (the intake
 * pipeline: size, type by bytes, metadata stripped, pixel limit, active PDF content, virus scan), the same checks on a stored file,
 * how a stored file is served, and synthetic specimens for demo data and tests.
 * The KYC module owns the documents table and the routes; it calls only what this file exports.
 */

export { createDocumentStore, type DocumentStore } from './document-store.ts';
export type { DocumentsConfig } from './documents-config.ts';
export {
  ACCEPTED_CONTENT_TYPES,
  type AcceptedContentType,
  createDocumentIntake,
  type DocumentIntake,
  type IntakeInput,
  type StoredDocumentFile,
} from './intake.ts';
export { recheckStoredFile, type StoredFileVerdict } from './recheck.ts';
export { type ServedFile, sendStoredFile } from './serve.ts';
export {
  genericSpecimens,
  type Specimen,
  type SpecimenFormat,
  type SpecimenKind,
  type SpecimenPerson,
  specimenDocument,
} from './specimens.ts';
