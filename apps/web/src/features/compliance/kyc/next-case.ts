import type { KycCase } from '@backdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/can.ts';
import { errorText } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';
import { complianceEndpoints } from './endpoints.ts';
import { reloadKyc, useCaseActions } from './kyc-api.ts';
import type { NextCase } from './review/review-drawer.tsx';

/**
 * "Next case": claims the oldest unassigned case (R39) and hands it to `open` with the document its
 * review opens on; undefined for a member who may not claim. The queue's button and the review's offer
 * after a case's last document share it. The queue and the rest are read again once `open`'s promise
 * settles (the case's first document in): refetched at the claim's answer, the queue's page re-rendered
 * behind the review while its document was on the way (decision 0028).
 */
export function useNextCase(
  open: (claimed: KycCase, firstDocumentId: number | null) => Promise<unknown> | undefined,
): NextCase | undefined {
  const { t } = useTranslation('compliance');
  const can = useCan();
  const client = useQueryClient();
  const { next } = useCaseActions();
  // One key per press: a retried request claims once, a new press claims the next case.
  const [pressKey, setPressKey] = useState(() => crypto.randomUUID());
  if (!can(complianceEndpoints.next)) return undefined;
  return {
    loading: next.isPending,
    open: () =>
      next.mutate(pressKey, {
        onSuccess: ({ case: claimed, first_document_id }) => {
          setPressKey(crypto.randomUUID());
          const shown = claimed ? open(claimed, first_document_id) : undefined;
          if (!claimed) notify({ title: t('manage.noNextCase'), color: 'blue' });
          void Promise.resolve(shown)
            .catch(() => {}) // the review shows its own failure
            .then(() => reloadKyc(client, claimed?.customer_id));
        },
        onError: (error) => {
          notify({ title: errorText(error), color: 'red' });
          void reloadKyc(client);
        },
      }),
  };
}
