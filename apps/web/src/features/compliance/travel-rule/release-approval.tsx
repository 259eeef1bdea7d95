import type { ApprovalRequest, TravelRuleRecord } from '@backdesk/contract';
import * as approvalsRoutes from '@backdesk/contract/routes/approvals';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { callEndpoint } from '../../../lib/api.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { useCan } from '../../../lib/can.ts';
import { approvalsRef } from '../../../lib/contract.ts';
import { useActionKeys } from '../../../lib/idempotency.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { notify } from '../../../lib/notify.ts';
import { useSettledMutation } from '../../../lib/settled-mutation.ts';

const approvals = {
  list: approvalsRef(approvalsRoutes.listApprovalRequests),
  approve: approvalsRef(approvalsRoutes.approveApprovalRequest),
  reject: approvalsRef(approvalsRoutes.rejectApprovalRequest),
};

type Decision = 'approve' | 'reject';

/**
 * A release (mark verified) of a held deposit or a withdrawal at or above its threshold waits here for
 * a second member (decision 0026, "Four-eyes release"): who asked and when; an approver other than the
 * asker approves (the record is verified then) or rejects (the record stays open).
 */
export function ReleaseApproval({ record }: { record: TravelRuleRecord }) {
  const { t } = useTranslation('travelRule');
  const { locale } = useLanguage();
  const me = useAuth().user?.user_name;
  const canDecide = useCan()(approvals.approve);
  const keys = useActionKeys();
  const [decision, setDecision] = useState<Decision | null>(null);
  const { data: request } = useQuery({
    queryKey: ['compliance', 'travel-rule', 'release', record.id, record.version],
    enabled: record.awaiting_approval,
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(approvals.list, {
          query: {
            kind: 'travel_rule_release',
            entity: 'travel_rule_record',
            entity_id: String(record.id),
            status: 'pending',
            limit: 1,
          },
          signal,
        })
      ).items[0] ?? null,
  });
  const decide = useSettledMutation(
    [['compliance', 'travel-rule'], ['audit'], ['approvals'], ['inbox']],
    ({ request, decision, reason }: { request: ApprovalRequest; decision: Decision; reason: string }) => {
      const idempotencyKey = keys.keyFor(`${decision}:${request.id}:${request.version}`);
      const ref = { id: request.id, version: request.version };
      return decision === 'approve'
        ? callEndpoint(approvals.approve, { body: { ...ref, reason: reason || undefined }, idempotencyKey })
        : callEndpoint(approvals.reject, { body: { ...ref, reason }, idempotencyKey });
    },
    { awaitReload: true },
  );
  if (!record.awaiting_approval || !request) return null;
  const mine = request.requested_by.user_name === me;
  const confirm = async ({ reason }: { reason: string }) => {
    if (!decision) return;
    await decide.mutateAsync({ request, decision, reason });
    keys.done(`${decision}:${request.id}:${request.version}`);
    setDecision(null);
    notify({
      title: t(decision === 'approve' ? 'release.approved' : 'release.rejected'),
      color: decision === 'approve' ? 'green' : 'yellow',
    });
  };
  return (
    <Alert
      variant="light"
      color="orange"
      icon={<IconUsers size={18} />}
      title={t('release.title')}
      data-testid="release-approval"
    >
      <Stack gap="xs">
        <Text size="sm">
          {t('release.askedBy', {
            name: request.requested_by.display_name,
            at: formatDateTime(locale, request.requested_at),
          })}
        </Text>
        {mine ? (
          <Text size="sm" data-testid="release-approval-mine">
            {t('release.mine')}
          </Text>
        ) : (
          canDecide && (
            <Group gap="xs">
              <Button
                size="xs"
                color="green"
                onClick={() => setDecision('approve')}
                data-testid="release-approve"
              >
                {t('release.approve')}
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                onClick={() => setDecision('reject')}
                data-testid="release-reject"
              >
                {t('release.reject')}
              </Button>
            </Group>
          )
        )}
      </Stack>
      {decision && (
        <ReasonDialog
          opened
          title={t(decision === 'approve' ? 'release.approveTitle' : 'release.rejectTitle', {
            id: record.id,
            name: request.requested_by.display_name,
          })}
          reasonRequired={decision === 'reject'}
          confirmLabel={t(decision === 'approve' ? 'release.approve' : 'release.reject')}
          confirmColor={decision === 'approve' ? 'green' : 'red'}
          pending={decide.isPending}
          onConfirm={confirm}
          onClose={() => setDecision(null)}
        />
      )}
    </Alert>
  );
}
