import type { KycDocumentRow } from '@backdesk/contract';

/** A customer's pending selfie as the server lists it, with `over` changed (the component tests' fixture). */
export const kycDocument = (over: Partial<KycDocumentRow> = {}): KycDocumentRow => ({
  id: 41,
  customer_id: 7,
  user_name: 'ayse',
  customer_name: 'Ayşe Yılmaz',
  kind: 'selfie',
  status: 'pending',
  file_name: 'selfie.jpg',
  content_type: 'image/jpeg',
  size_bytes: 2048,
  sha256: null,
  channel: 'customer',
  uploaded_by: null,
  uploaded_at: '2026-11-30T10:00:00.000Z',
  decided_at: null,
  reviewer: null,
  reason_code: null,
  reason_text: null,
  comment: null,
  expires_on: null,
  version: 1,
  ...over,
});
