// @vitest-environment happy-dom
import type { CustomerKyc, KycDocumentRow } from '@backdesk/contract';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../../../lib/auth-store.ts';
import {
  click,
  inRouter,
  json,
  type Rendered,
  render,
  setTestLanguage,
  waitFor,
} from '../../../../test/dom.tsx';
import { type NextCase, ReviewDrawer } from './review-drawer.tsx';
import { kycDocument } from './test-documents.ts';

const document_ = (
  id: number,
  kind: KycDocumentRow['kind'],
  status: KycDocumentRow['status'],
): KycDocumentRow =>
  kycDocument({
    id,
    kind,
    status,
    file_name: `${kind}.jpg`,
    uploaded_at: `2026-11-${10 + id}T10:00:00.000Z`,
  });

/** The customer's KYC as the server answers it: documents newest first. */
const customerKyc = (documents: KycDocumentRow[]): CustomerKyc => ({
  customer: {
    id: 7,
    user_name: 'ayse',
    customer_name: 'Ayşe Yılmaz',
    kyc_type_label: 'Individual',
    kyc_status: 'pending',
    kyc_level: 1,
    customer_type: 'Standard',
    tier_required_level: 0,
    version: 5,
  },
  profile: { full_name: 'Ayşe Yılmaz', birth_date: null, nationality: null, address: null },
  documents,
  decisions: [],
  case: null,
});

/**
 * The server's side: the customer's KYC from `kyc`, a decision answered as approved, the files as
 * a few bytes and every other read (history, pending level) as empty. Returns the decisions sent.
 */
function server(kyc: () => Response) {
  const decided: Record<string, unknown>[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = url.split('?')[0];
    if (path === '/api/compliance/kyc/customer') return kyc();
    if (path === '/api/compliance/kyc/documents/decide') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      decided.push(body);
      return json(200, {
        success: true,
        document: { ...document_(Number(body.id), 'selfie', 'approved'), version: 2 },
      });
    }
    if (path === '/api/compliance/kyc/documents/content')
      return new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'Content-Type': 'image/jpeg' } });
    if (path === '/api/audit/history') return json(200, { items: [], nextCursor: null });
    return json(200, { items: [], nextCursor: null, prevCursor: null });
  });
  return decided;
}

const testId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const position = () => testId('review-position')?.textContent;
const current = () => document.querySelector('[data-testid="review-documents"] [aria-current="true"]');
const press = (key: string) =>
  act(async () => {
    window.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });

describe('ReviewDrawer (the KYC review)', () => {
  let view: Rendered | undefined;
  beforeAll(async () => {
    await setTestLanguage('en');
    // happy-dom draws no image; the viewer only needs an address for the bytes it fetched.
    URL.createObjectURL ??= () => 'blob:test';
    URL.revokeObjectURL ??= () => {};
  });
  afterEach(async () => {
    await view?.unmount();
    view = undefined;
    vi.unstubAllGlobals();
    authStore.signOut();
    await setTestLanguage('en');
  });

  // Newest first, as the server sends them: the review works them oldest first.
  const threeDocuments = [
    document_(3, 'selfie', 'pending'),
    document_(2, 'proof_of_address', 'pending'),
    document_(1, 'national_id_front', 'approved'),
  ];

  it('opens on the oldest pending document and moves with the arrow keys, n and p', async () => {
    server(() => json(200, customerKyc(threeDocuments)));
    view = await render(inRouter(<ReviewDrawer target={{ customerId: 7 }} onClose={() => {}} />).element);
    await waitFor(() => expect(position()).toBe('Document 2 of 3'));
    expect(current()?.getAttribute('data-document-id')).toBe('2');

    await press('n');
    await waitFor(() => expect(position()).toBe('Document 3 of 3'));
    expect((testId('review-next') as HTMLButtonElement).disabled).toBe(true);
    await press('ArrowLeft');
    await press('p');
    await waitFor(() => expect(position()).toBe('Document 1 of 3'));
    expect(current()?.getAttribute('data-document-id')).toBe('1');
  });

  it('moves on to the next pending document after a decision, sending the version on screen', async () => {
    authStore.signIn(
      {
        id: 1,
        user_name: 'officer',
        display_name: 'Officer',
        email: null,
        user_roles: ['manager'],
        session_expires_at: '2026-12-31T00:00:00.000Z',
        required_action: null,
        source: 'local',
      },
      true,
    );
    const decided = server(() => json(200, customerKyc(threeDocuments)));
    view = await render(inRouter(<ReviewDrawer target={{ customerId: 7 }} onClose={() => {}} />).element);
    await waitFor(() => expect(current()?.getAttribute('data-document-id')).toBe('2'));
    await click(testId('approve-document')!);
    await waitFor(() => expect(current()?.getAttribute('data-document-id')).toBe('3'));
    expect(decided).toEqual([expect.objectContaining({ id: 2, version: 1, decision: 'approve' })]);
  });

  it('offers the next case once nothing waits, and opens it from past the last document', async () => {
    server(() =>
      json(
        200,
        customerKyc([document_(2, 'selfie', 'approved'), document_(1, 'national_id_front', 'rejected')]),
      ),
    );
    const nextCase: NextCase = { open: vi.fn(), loading: false };
    view = await render(
      inRouter(<ReviewDrawer target={{ customerId: 7 }} onClose={() => {}} nextCase={nextCase} />).element,
    );
    await waitFor(() => expect(testId('review-case-done')).not.toBeNull());
    // Nothing pending: the review opens on the newest document, the last in review order.
    expect(position()).toBe('Document 2 of 2');
    await press('ArrowRight');
    expect(nextCase.open).toHaveBeenCalledTimes(1);
  });

  it("words a failed load by its code, in the member's language", async () => {
    await setTestLanguage('tr');
    server(() => json(404, { code: 'CUSTOMER_NOT_FOUND', message: 'Customer not found' }));
    view = await render(inRouter(<ReviewDrawer target={{ customerId: 7 }} onClose={() => {}} />).element);
    await waitFor(() => expect(testId('review-drawer')?.textContent).toContain('Müşteri bulunamadı.'));
    expect(testId('review-drawer')?.textContent).not.toContain('Customer not found');
    expect(position()).toBeUndefined();
  });
});
