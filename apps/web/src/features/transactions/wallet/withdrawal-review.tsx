import type { WalletTransactionDetail } from '@backdesk/contract';
import { Alert, Badge, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconShieldCheck, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { useAmount } from '../../../lib/amounts.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { useCan } from '../../../lib/can.ts';
import { errorText } from '../../../lib/errors.ts';
import { useActionKeys } from '../../../lib/idempotency.ts';
import { notify } from '../../../lib/notify.ts';
import { useReviewWithdrawal, walletEndpoints } from './wallet-transactions-api.ts';
import { WithdrawalChecks } from './withdrawal-checks.tsx';

/**
 * The four-eyes review of a withdrawal under review: approvals so far ("1 of 2"), who gave them, the
 * restriction and limit checks an approval runs (shown before anyone decides, and again in the approve
 * dialog), and approve/reject for a member who has not reviewed it yet (one's own second approval is
 * refused).
 */
export function WithdrawalReview({ tx }: { tx: WalletTransactionDetail }) {
  const { t } = useTranslation('transactions');
  const amount = useAmount();
  const canAct = useCan()(walletEndpoints.approve);
  const me = useAuth().user?.user_name;
  const review = useReviewWithdrawal();
  const keys = useActionKeys();
  const [decision, setDecision] = useState<'approve' | 'reject' | null>(null);
  const approvals = tx.reviews.filter((r) => r.decision === 'approve');
  const reviewedByMe = tx.reviews.some((r) => r.member.user_name === me);

  const confirm = ({ reason }: { reason: string }) => {
    if (!decision) return;
    const actionKey = `${decision}:${tx.id}:${tx.version}`;
    review.mutate(
      { decision, id: tx.id, version: tx.version, reason: reason || undefined, key: keys.keyFor(actionKey) },
      {
        onSuccess: (res) => {
          keys.done(actionKey);
          setDecision(null);
          const title =
            res.status === 'under_review'
              ? t('review.partial', { count: res.approvals, required: res.approvals_required })
              : res.status === 'rejected'
                ? t('review.rejected')
                : t('review.approved');
          notify({ title, color: res.status === 'rejected' ? 'yellow' : 'green' });
        },
        onError: (error) =>
          notify({ title: t('review.failed'), description: errorText(error), color: 'red' }),
      },
    );
  };

  return (
    <Alert
      variant="light"
      color="orange"
      icon={<IconShieldCheck size={18} />}
      title={t('review.title')}
      data-testid="withdrawal-review"
    >
      <Stack gap="xs">
        <Group gap="xs">
          <IconUsers size={16} />
          <Badge color={approvals.length > 0 ? 'orange' : 'gray'} data-testid="approvals">
            {t('review.approvals', { count: approvals.length, required: tx.approvals_required })}
          </Badge>
          {tx.approvals_required > 1 && (
            <Text size="xs" c="dimmed">
              {t('review.fourEyes', { threshold: amount(tx.four_eyes_threshold, tx.asset) })}
            </Text>
          )}
        </Group>
        {tx.reviews.length > 0 && (
          <List size="sm" spacing={2}>
            {tx.reviews.map((r) => (
              <List.Item key={`${r.member.id}-${r.at}`}>
                {t(r.decision === 'approve' ? 'review.approvedBy' : 'review.rejectedBy', {
                  name: r.member.display_name,
                })}
                {r.reason ? ` — ${r.reason}` : ''}
              </List.Item>
            ))}
          </List>
        )}
        <WithdrawalChecks id={tx.id} asset={tx.asset} />
        {canAct &&
          (reviewedByMe ? (
            <Text size="sm" c="dimmed" data-testid="reviewed-by-me">
              {t('review.waitingForOther')}
            </Text>
          ) : (
            <Group gap="xs">
              <Button size="xs" color="green" onClick={() => setDecision('approve')} data-testid="approve">
                {t('review.approve')}
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                onClick={() => setDecision('reject')}
                data-testid="reject"
              >
                {t('review.reject')}
              </Button>
            </Group>
          ))}
      </Stack>
      {decision && (
        <ReasonDialog
          opened
          title={t(decision === 'approve' ? 'review.approveTitle' : 'review.rejectTitle', {
            id: tx.id,
            amount: amount(tx.amount, tx.asset),
            customer: tx.customer_user_name,
          })}
          description={decision === 'approve' ? <WithdrawalChecks id={tx.id} asset={tx.asset} /> : undefined}
          reasonRequired={decision === 'reject'}
          confirmLabel={t(decision === 'approve' ? 'review.approve' : 'review.reject')}
          confirmColor={decision === 'approve' ? 'green' : 'red'}
          pending={review.isPending}
          onConfirm={confirm}
          onClose={() => setDecision(null)}
        />
      )}
    </Alert>
  );
}
