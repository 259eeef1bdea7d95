import type { KycCase } from '@backdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/can.ts';
import { errorText } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';
import { complianceEndpoints } from './endpoints.ts';
import { type ClaimAnswer, reloadKyc, useCaseActions } from './kyc-api.ts';
import type { NextCase } from './review/review-drawer.tsx';

/**
 * "Next case": claims the oldest unassigned case (R39), starts `prefetch` with the claim's answer (the
 * case and the document its review opens on) and hands the case to `open`; undefined for a member who
 * may not claim. The queue's button and the review's offer after a case's last document share it. The
 * queue and the rest are read again once the prefetch settles: refetched at the claim's answer, the
 * queue's page re-rendered behind the review while its first document was on the way (decision 0028).
 */
export function useNextCase(
  open: (claimed: KycCase) => void,
  prefetch: (claimed: KycCase, firstDocumentId: number | null) => Promise<unknown> = async () => {},
): NextCase | undefined {
  const { t } = useTranslation('compliance');
  const can = useCan();
  const client = useQueryClient();
  const { next } = useCaseActions();
  // One key per press: a retried request claims once, a new press claims the next case.
  const [pressKey, setPressKey] = useState(() => crypto.randomUUID());
  if (!can(complianceEndpoints.next)) return undefined;
  const started = (answer: ClaimAnswer) =>
    (answer.case ? prefetch(answer.case, answer.first_document_id) : Promise.resolve())
      .catch(() => {}) // the review shows its own failure
      .then(() => reloadKyc(client, answer.case?.customer_id));
  return {
    loading: next.isPending,
    open: () =>
      next.mutate(
        { key: pressKey, prefetch: started },
        {
          onSuccess: ({ case: claimed }) => {
            setPressKey(crypto.randomUUID());
            if (claimed) open(claimed);
            else notify({ title: t('manage.noNextCase'), color: 'blue' });
          },
          onError: (error) => {
            notify({ title: errorText(error), color: 'red' });
            void reloadKyc(client);
          },
        },
      ),
  };
}
