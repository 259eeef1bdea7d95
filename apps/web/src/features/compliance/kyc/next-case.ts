import type { KycCase } from '@backdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/can.ts';
import { errorText } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';
import { complianceEndpoints } from './endpoints.ts';
import { useCaseActions } from './kyc-api.ts';
import type { NextCase } from './review/review-drawer.tsx';

/**
 * "Next case": claims the oldest unassigned case (R39) and hands it to `open`; undefined for a member
 * who may not claim. The queue's button and the review's offer after a case's last document share it.
 */
export function useNextCase(open: (claimed: KycCase) => void): NextCase | undefined {
  const { t } = useTranslation('compliance');
  const can = useCan();
  const { next } = useCaseActions();
  // One key per press: a retried request claims once, a new press claims the next case.
  const [pressKey, setPressKey] = useState(() => crypto.randomUUID());
  if (!can(complianceEndpoints.next)) return undefined;
  return {
    loading: next.isPending,
    open: () =>
      next.mutate(pressKey, {
        onSuccess: ({ case: claimed }) => {
          setPressKey(crypto.randomUUID());
          if (claimed) open(claimed);
          else notify({ title: t('manage.noNextCase'), color: 'blue' });
        },
        onError: (error) => notify({ title: errorText(error), color: 'red' }),
      }),
  };
}
