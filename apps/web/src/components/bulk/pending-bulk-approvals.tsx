import type { ApprovalRequest, approvalsApi } from '@backdesk/contract';
import * as approvalsRoutes from '@backdesk/contract/routes/approvals';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { useCan } from '../../lib/can.ts';
import { approvalsRef } from '../../lib/contract.ts';
import { formatInteger } from '../../lib/format.ts';
import { useActionKeys } from '../../lib/idempotency.ts';
import { useLanguage } from '../../lib/language.ts';
import { formatDateTime } from '../../lib/locale-format.ts';
import { notify } from '../../lib/notify.ts';
import { useSettledMutation } from '../../lib/settled-mutation.ts';
import { ReasonDialog } from '../reason-dialog.tsx';

const approvals = {
  list: approvalsRef(approvalsRoutes.listApprovalRequests),
  approve: approvalsRef(approvalsRoutes.approveApprovalRequest),
  reject: approvalsRef(approvalsRoutes.rejectApprovalRequest),
};

type Decision = 'approve' | 'reject';

/**
 * The bulk actions of one kind waiting for a second member, where the bulk action lives: what, how
 * many, asked by whom and why. A member who may approve (never the asker) approves (which applies
 * the frozen set) or rejects; the asker sees that it waits. Inbox items of these requests lead here.
 */
export function PendingBulkApprovals({
  kind,
  actionLabel,
  invalidate,
}: {
  kind: approvalsApi.ApprovalKind;
  /** The stored action's name, e.g. "Close as false positive", from its action and parameters. */
  actionLabel: (action: string, params: Record<string, unknown>) => string;
  /** Query keys the applied action refreshes. */
  invalidate: unknown[][];
}) {
  const { t } = useTranslation('common');
  const { locale } = useLanguage();
  const me = useAuth().user?.user_name;
  const canDecide = useCan()(approvals.approve);
  const keys = useActionKeys();
  const [open, setOpen] = useState<{ request: ApprovalRequest; decision: Decision } | null>(null);
  const { data } = useQuery({
    queryKey: ['approvals', 'bulk', kind],
    queryFn: async ({ signal }) =>
      (await callEndpoint(approvals.list, { query: { kind, status: 'pending', limit: 20 }, signal })).items,
  });
  const decide = useSettledMutation(
    [['approvals'], ['audit'], ['inbox'], ...invalidate],
    ({ request, decision, reason }: { request: ApprovalRequest; decision: Decision; reason: string }) => {
      const idempotencyKey = keys.keyFor(`${decision}:${request.id}:${request.version}`);
      const ref = { id: request.id, version: request.version };
      return decision === 'approve'
        ? callEndpoint(approvals.approve, { body: { ...ref, reason: reason || undefined }, idempotencyKey })
        : callEndpoint(approvals.reject, { body: { ...ref, reason }, idempotencyKey });
    },
  );
  if (!data?.length) return null;

  const describe = (r: ApprovalRequest) => ({
    action: actionLabel(String(r.payload.action), (r.payload.params ?? {}) as Record<string, unknown>),
    count: formatInteger(locale, Number(r.payload.count)),
    name: r.requested_by.display_name,
  });

  const confirm = async ({ reason }: { reason: string }) => {
    if (!open) return;
    const result = await decide.mutateAsync({ ...open, reason });
    keys.done(`${open.decision}:${open.request.id}:${open.request.version}`);
    const skipped = Array.isArray(result.payload.skipped_ids) ? result.payload.skipped_ids.length : 0;
    notify({
      title:
        open.decision === 'approve'
          ? t('bulk.approved', {
              count: formatInteger(locale, Number(result.payload.applied_count ?? 0)),
              skipped: formatInteger(locale, skipped),
            })
          : t('bulk.rejected'),
      color: open.decision === 'approve' ? 'green' : 'yellow',
    });
    setOpen(null);
  };

  return (
    <Stack gap="xs" mb="md" data-testid="bulk-approvals">
      {data.map((request) => {
        const mine = request.requested_by.user_name === me;
        return (
          <Alert
            key={request.id}
            variant="light"
            color="orange"
            icon={<IconUsers size={18} />}
            title={t('bulk.pendingTitle', describe(request))}
            data-testid="bulk-approval"
          >
            <Stack gap="xs">
              <Text size="sm">
                {t('bulk.askedBy', {
                  ...describe(request),
                  at: formatDateTime(locale, request.requested_at),
                })}
                {request.request_reason ? ` — ${request.request_reason}` : ''}
              </Text>
              {mine ? (
                <Text size="sm" c="dimmed" data-testid="bulk-approval-mine">
                  {t('bulk.waitsForOther')}
                </Text>
              ) : (
                canDecide && (
                  <Group gap="xs">
                    <Button
                      size="xs"
                      color="green"
                      onClick={() => setOpen({ request, decision: 'approve' })}
                      data-testid="bulk-approval-approve"
                    >
                      {t('bulk.approve', describe(request))}
                    </Button>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      onClick={() => setOpen({ request, decision: 'reject' })}
                      data-testid="bulk-approval-reject"
                    >
                      {t('bulk.reject')}
                    </Button>
                  </Group>
                )
              )}
            </Stack>
          </Alert>
        );
      })}
      <ReasonDialog
        opened={open !== null}
        title={
          open
            ? t(
                open.decision === 'approve' ? 'bulk.approveTitle' : 'bulk.rejectTitle',
                describe(open.request),
              )
            : ''
        }
        description={open?.decision === 'approve' ? t('bulk.approveHint') : undefined}
        reasonRequired={open?.decision === 'reject'}
        confirmLabel={open?.decision === 'approve' ? t('bulk.approveConfirm') : t('bulk.reject')}
        confirmColor={open?.decision === 'approve' ? 'green' : 'red'}
        pending={decide.isPending}
        onConfirm={confirm}
        onClose={() => setOpen(null)}
      />
    </Stack>
  );
}
