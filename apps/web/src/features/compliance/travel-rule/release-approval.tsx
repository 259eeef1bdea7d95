import type { TravelRuleRecord } from '@backdesk/contract';
import { useTranslation } from 'react-i18next';
import { PendingApproval, usePendingApproval } from '../../../components/pending-approval.tsx';

/**
 * A release (mark verified) of a held deposit or a withdrawal at or above its threshold waits here for
 * a second member (decision 0026, "Four-eyes release"): an approver other than the asker approves (the
 * record is verified then) or rejects (the record stays open).
 */
export function ReleaseApproval({ record }: { record: TravelRuleRecord }) {
  const { t } = useTranslation('travelRule');
  const { data: request } = usePendingApproval({
    queryKey: ['compliance', 'travel-rule', 'release', record.id, record.version],
    enabled: record.awaiting_approval,
    kind: 'travel_rule_release',
    entity: 'travel_rule_record',
    entityId: record.id,
  });
  if (!record.awaiting_approval || !request) return null;
  return (
    <PendingApproval
      request={request}
      testId="release-approval"
      invalidates={[['compliance', 'travel-rule'], ['audit'], ['inbox']]}
      awaitReload
      texts={{
        title: t('release.title'),
        mine: t('release.mine'),
        approve: t('release.approve'),
        reject: t('release.reject'),
        approved: t('release.approved'),
        rejected: t('release.rejected'),
        askedBy: (name, at) => t('release.askedBy', { name, at }),
        dialogTitle: (decision, name) =>
          t(decision === 'approve' ? 'release.approveTitle' : 'release.rejectTitle', { id: record.id, name }),
      }}
    />
  );
}
