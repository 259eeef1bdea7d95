import type { ApprovalListQuery, ApprovalRequest } from '@backdesk/contract';
import * as approvalsRoutes from '@backdesk/contract/routes/approvals';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { type QueryKey, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callEndpoint } from '../lib/api.ts';
import { useAuth } from '../lib/auth-store.ts';
import { useCan } from '../lib/can.ts';
import { approvalsRef } from '../lib/contract.ts';
import { useActionKeys } from '../lib/idempotency.ts';
import { useLanguage } from '../lib/language.ts';
import { formatDateTime } from '../lib/locale-format.ts';
import { notify } from '../lib/notify.ts';
import { useSettledMutation } from '../lib/settled-mutation.ts';
import { ReasonDialog } from './reason-dialog.tsx';

/** The four-eyes endpoints (contract approvals.ts), named without loading the contract. */
const approvals = {
  list: approvalsRef(approvalsRoutes.listApprovalRequests),
  approve: approvalsRef(approvalsRoutes.approveApprovalRequest),
  reject: approvalsRef(approvalsRoutes.rejectApprovalRequest),
};

export type ApprovalDecision = 'approve' | 'reject';

/** The request of `kind` about one record still waiting for a second member, or null. */
export function usePendingApproval(options: {
  queryKey: QueryKey;
  kind: NonNullable<ApprovalListQuery['kind']>;
  entity: NonNullable<ApprovalListQuery['entity']>;
  entityId: string | number;
  enabled?: boolean;
}) {
  return useQuery({
    queryKey: options.queryKey,
    enabled: options.enabled ?? true,
    queryFn: async ({ signal }) =>
      (
        await callEndpoint(approvals.list, {
          query: {
            kind: options.kind,
            entity: options.entity,
            entity_id: String(options.entityId),
            status: 'pending',
            limit: 1,
          },
          signal,
        })
      ).items[0] ?? null,
  });
}

export interface PendingApprovalTexts {
  title: string;
  /** Shown to the member who asked: someone else must decide. */
  mine: string;
  approve: string;
  reject: string;
  approved: string;
  rejected: string;
  askedBy: (name: string, at: string) => string;
  dialogTitle: (decision: ApprovalDecision, askedBy: string) => string;
}

/**
 * A change waiting for a second member (four-eyes): who asked, when and why. Another member who may
 * approve approves or rejects it, with a reason for a rejection; the one who asked sees that it waits
 * for someone else. Test ids: `testId`, and `-mine`, `-approve`, `-reject` after it.
 */
export function PendingApproval({
  request,
  texts,
  invalidates,
  awaitReload,
  testId,
}: {
  request: ApprovalRequest;
  texts: PendingApprovalTexts;
  /** The queries the decision changes (the record's, its lists', its history). */
  invalidates: QueryKey[];
  awaitReload?: boolean;
  testId: string;
}) {
  const { locale } = useLanguage();
  const me = useAuth().user?.user_name;
  const canDecide = useCan()(approvals.approve);
  const keys = useActionKeys();
  const [decision, setDecision] = useState<ApprovalDecision | null>(null);
  const decide = useSettledMutation(
    [...invalidates, ['approvals']],
    ({ decision, reason }: { decision: ApprovalDecision; reason: string }) => {
      const idempotencyKey = keys.keyFor(`${decision}:${request.id}:${request.version}`);
      const ref = { id: request.id, version: request.version };
      return decision === 'approve'
        ? callEndpoint(approvals.approve, { body: { ...ref, reason: reason || undefined }, idempotencyKey })
        : callEndpoint(approvals.reject, { body: { ...ref, reason }, idempotencyKey });
    },
    { awaitReload },
  );
  const mine = request.requested_by.user_name === me;

  const confirm = async ({ reason }: { reason: string }) => {
    if (!decision) return;
    await decide.mutateAsync({ decision, reason });
    keys.done(`${decision}:${request.id}:${request.version}`);
    setDecision(null);
    notify({
      title: decision === 'approve' ? texts.approved : texts.rejected,
      color: decision === 'approve' ? 'green' : 'yellow',
    });
  };

  return (
    <Alert
      variant="light"
      color="orange"
      icon={<IconUsers size={18} />}
      title={texts.title}
      data-testid={testId}
    >
      <Stack gap="xs">
        <Text size="sm">
          {texts.askedBy(request.requested_by.display_name, formatDateTime(locale, request.requested_at))}
          {request.request_reason ? ` — ${request.request_reason}` : ''}
        </Text>
        {mine ? (
          <Text size="sm" data-testid={`${testId}-mine`}>
            {texts.mine}
          </Text>
        ) : (
          canDecide && (
            <Group gap="xs">
              <Button
                size="xs"
                color="green"
                onClick={() => setDecision('approve')}
                data-testid={`${testId}-approve`}
              >
                {texts.approve}
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                onClick={() => setDecision('reject')}
                data-testid={`${testId}-reject`}
              >
                {texts.reject}
              </Button>
            </Group>
          )
        )}
      </Stack>
      {decision && (
        <ReasonDialog
          opened
          title={texts.dialogTitle(decision, request.requested_by.display_name)}
          reasonRequired={decision === 'reject'}
          confirmLabel={decision === 'approve' ? texts.approve : texts.reject}
          confirmColor={decision === 'approve' ? 'green' : 'red'}
          pending={decide.isPending}
          onConfirm={confirm}
          onClose={() => setDecision(null)}
        />
      )}
    </Alert>
  );
}
