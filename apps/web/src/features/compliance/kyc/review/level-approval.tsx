import type { ApprovalRequest } from '@backdesk/contract';
import * as approvalsRoutes from '@backdesk/contract/routes/approvals';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../../../components/reason-dialog.tsx';
import { callEndpoint } from '../../../../lib/api.ts';
import { useAuth } from '../../../../lib/auth-store.ts';
import { useCan } from '../../../../lib/can.ts';
import { approvalsRef } from '../../../../lib/contract.ts';
import { useActionKeys } from '../../../../lib/idempotency.ts';
import { useLanguage } from '../../../../lib/language.ts';
import { formatDateTime } from '../../../../lib/locale-format.ts';
import { notify } from '../../../../lib/notify.ts';
import { useSettledMutation } from '../../../../lib/settled-mutation.ts';

/** The four-eyes endpoints (contract approvals.ts), named without loading the contract. */
const approvals = {
  list: approvalsRef(approvalsRoutes.listApprovalRequests),
  approve: approvalsRef(approvalsRoutes.approveApprovalRequest),
  reject: approvalsRef(approvalsRoutes.rejectApprovalRequest),
};

/** The customer's level request waiting for a second member (R63), if any. */
function usePendingLevel(customerId: number) {
  return useQuery({
    // Under the compliance key: every KYC change (a level asked for) refreshes it.
    queryKey: ['compliance', 'level-approval', customerId],
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(approvals.list, {
          query: {
            kind: 'kyc_level_approval',
            entity: 'customer',
            entity_id: String(customerId),
            status: 'pending',
            limit: 1,
          },
          signal,
        })
      ).items[0] ?? null,
  });
}

type Decision = 'approve' | 'reject';

/**
 * A level raise of a fraud-flagged customer waits for a second member (R63): which level, asked by
 * whom and when. Another member who may approve approves or rejects it here; the one who asked sees
 * that it waits for someone else.
 */
export function PendingLevelApproval({ customerId }: { customerId: number }) {
  const { t } = useTranslation('compliance');
  const { locale } = useLanguage();
  const me = useAuth().user?.user_name;
  const canDecide = useCan()(approvals.approve);
  const { data: request } = usePendingLevel(customerId);
  const keys = useActionKeys();
  const [decision, setDecision] = useState<Decision | null>(null);
  const decide = useSettledMutation(
    [['compliance'], ['crm'], ['audit'], ['approvals']],
    ({ request, decision, reason }: { request: ApprovalRequest; decision: Decision; reason: string }) => {
      const idempotencyKey = keys.keyFor(`${decision}:${request.id}:${request.version}`);
      const ref = { id: request.id, version: request.version };
      return decision === 'approve'
        ? callEndpoint(approvals.approve, { body: { ...ref, reason: reason || undefined }, idempotencyKey })
        : callEndpoint(approvals.reject, { body: { ...ref, reason }, idempotencyKey });
    },
  );
  if (!request) return null;
  const level = Number(request.payload.level);
  const mine = request.requested_by.user_name === me;

  const confirm = async ({ reason }: { reason: string }) => {
    if (!decision) return;
    await decide.mutateAsync({ request, decision, reason });
    keys.done(`${decision}:${request.id}:${request.version}`);
    setDecision(null);
    notify({
      title: t(decision === 'approve' ? 'level.approval.approved' : 'level.approval.rejected', { level }),
      color: decision === 'approve' ? 'green' : 'yellow',
    });
  };

  return (
    <Alert
      variant="light"
      color="orange"
      icon={<IconUsers size={18} />}
      title={t('level.approval.title', { level })}
      data-testid="level-approval"
    >
      <Stack gap="xs">
        <Text size="sm">
          {t('level.approval.askedBy', {
            name: request.requested_by.display_name,
            at: formatDateTime(locale, request.requested_at),
          })}
          {request.request_reason ? ` — ${request.request_reason}` : ''}
        </Text>
        {mine ? (
          <Text size="sm" c="dimmed" data-testid="level-approval-mine">
            {t('level.approval.waitsForOther')}
          </Text>
        ) : (
          canDecide && (
            <Group gap="xs">
              <Button
                size="xs"
                color="green"
                onClick={() => setDecision('approve')}
                data-testid="level-approval-approve"
              >
                {t('level.approval.approve', { level })}
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                onClick={() => setDecision('reject')}
                data-testid="level-approval-reject"
              >
                {t('level.approval.reject')}
              </Button>
            </Group>
          )
        )}
      </Stack>
      {decision && (
        <ReasonDialog
          opened
          title={t(decision === 'approve' ? 'level.approval.approveTitle' : 'level.approval.rejectTitle', {
            level,
            name: request.requested_by.display_name,
          })}
          reasonRequired={decision === 'reject'}
          confirmLabel={t(decision === 'approve' ? 'level.approval.approve' : 'level.approval.reject', {
            level,
          })}
          confirmColor={decision === 'approve' ? 'green' : 'red'}
          pending={decide.isPending}
          onConfirm={confirm}
          onClose={() => setDecision(null)}
        />
      )}
    </Alert>
  );
}
