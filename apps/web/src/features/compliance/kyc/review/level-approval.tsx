import { useTranslation } from 'react-i18next';
import { PendingApproval, usePendingApproval } from '../../../../components/pending-approval.tsx';

/**
 * A level raise of a fraud-flagged customer waits for a second member (R63): which level, asked by
 * whom and when. Another member who may approve approves or rejects it here; the one who asked sees
 * that it waits for someone else.
 */
export function PendingLevelApproval({ customerId }: { customerId: number }) {
  const { t } = useTranslation('compliance');
  const { data: request } = usePendingApproval({
    // Under the compliance key: every KYC change (a level asked for) refreshes it.
    queryKey: ['compliance', 'level-approval', customerId],
    kind: 'kyc_level_approval',
    entity: 'customer',
    entityId: customerId,
  });
  if (!request) return null;
  const level = Number(request.payload.level);
  return (
    <PendingApproval
      request={request}
      testId="level-approval"
      invalidates={[['compliance'], ['crm'], ['audit']]}
      texts={{
        title: t('level.approval.title', { level }),
        mine: t('level.approval.waitsForOther'),
        approve: t('level.approval.approve', { level }),
        reject: t('level.approval.reject'),
        approved: t('level.approval.approved', { level }),
        rejected: t('level.approval.rejected', { level }),
        askedBy: (name, at) => t('level.approval.askedBy', { name, at }),
        dialogTitle: (decision, name) =>
          t(decision === 'approve' ? 'level.approval.approveTitle' : 'level.approval.rejectTitle', {
            level,
            name,
          }),
      }}
    />
  );
}
