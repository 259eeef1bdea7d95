// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../../lib/language.ts';
import {
  json,
  type Rendered,
  recordingServer,
  render,
  setTestLanguage,
  typeInto,
  waitFor,
} from '../../../test/dom.tsx';
import { AddRestrictionModal } from './restriction-forms.tsx';

const field = (name: string) =>
  document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`)!;
/** The error Mantine shows under a field (its wrapper's error line), or null; a picker's control holds the path. */
const errorUnder = (name: string) =>
  document
    .querySelector(`[data-path="${name}"]`)
    ?.closest('.mantine-InputWrapper-root')
    ?.querySelector('.mantine-InputWrapper-error')?.textContent ?? null;
const failure = () => document.querySelector('[data-testid="form-failure"]')?.textContent ?? null;
const submit = () =>
  act(async () => {
    document
      .querySelector('[data-testid="add-restriction-form"]')!
      .dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });

const texts: Record<
  Language,
  { required: string; tooShort: string; endBeforeStart: string; overlaps: string }
> = {
  en: {
    required: 'This field is required.',
    tooShort: 'Use at least 3 characters.',
    endBeforeStart: 'The end must be after the start.',
    overlaps: 'already has a',
  },
  tr: {
    required: 'Bu alan zorunludur.',
    tooShort: 'En az 3 karakter kullanın.',
    endBeforeStart: 'Bitiş, başlangıçtan sonra olmalı.',
    overlaps: 'zaten bir',
  },
};

describe.each(['en', 'tr'] as const)('AddRestrictionModal (a contract-checked form) in %s', (language) => {
  const text = texts[language];
  let view: Rendered | undefined;
  afterEach(async () => {
    await view?.unmount();
    view = undefined;
    vi.unstubAllGlobals();
  });
  const open = async (onClose = () => {}) => {
    await setTestLanguage(language);
    view = await render(<AddRestrictionModal opened onClose={onClose} />);
  };

  it("refuses a missing customer and a short reason under their fields, by the contract's rules, and sends nothing", async () => {
    const sent = recordingServer(() => json(500, {}));
    await open();
    await typeInto(field('reason'), 'ab');
    await submit();
    await waitFor(() => expect(errorUnder('customerId')).toBe(text.required));
    expect(errorUnder('reason')).toBe(text.tooShort);
    expect(failure()).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it('puts the server’s field issue under its field, and a refusal by code above the form', async () => {
    let answer = json(400, {
      code: 'VALIDATION_FAILED',
      message: 'Invalid request',
      issues: [{ path: 'endsAt', code: 'custom', params: { rule: 'end_before_start' } }],
    });
    recordingServer(() => answer);
    await open();
    await typeInto(field('customerId') as HTMLInputElement, '7');
    await typeInto(field('reason'), 'chargeback under review');
    await submit();
    await waitFor(() => expect(errorUnder('endsAt')).toBe(text.endBeforeStart));
    expect(failure()).toBeNull();

    answer = json(409, {
      code: 'RESTRICTION_OVERLAPS',
      message: 'The customer already has a withdrawal restriction in that period (restriction #4).',
      params: { kind: 'withdrawal', id: 4 },
    });
    await submit();
    await waitFor(() => expect(failure()).toContain(text.overlaps));
    expect(failure()).toContain('#4');
  });

  it('sends a passing form once, with the Idempotency-Key it opened with, and closes', async () => {
    const sent = recordingServer(() =>
      json(200, {
        success: true,
        restriction: {
          id: 9,
          customer_id: 7,
          user_name: 'ayse',
          kind: 'withdrawal',
          reason: 'chargeback under review',
          state: 'active',
          created_by: 'officer',
          starts_at: '2026-12-01T00:00:00.000Z',
          ends_at: null,
          lifted_at: null,
          lifted_by: null,
          lift_reason: null,
          version: 1,
        },
      }),
    );
    const onClose = vi.fn();
    await open(onClose);
    await typeInto(field('customerId') as HTMLInputElement, '7');
    await typeInto(field('reason'), '  chargeback under review ');
    await submit();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/customers/restrictions/add');
    // The body the contract's schema parsed: the reason trimmed as the server stores it.
    expect(sent[0]!.body).toEqual({ customerId: 7, kind: 'withdrawal', reason: 'chargeback under review' });
    expect(sent[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });
});
