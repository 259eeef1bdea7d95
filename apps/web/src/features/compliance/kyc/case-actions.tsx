import type { KycCase } from '@backdesk/contract';
import { Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { FormActions, FormFailure } from '../../../components/forms/index.ts';
import { useAuth } from '../../../lib/auth-store.ts';
import { useCan } from '../../../lib/can.ts';
import { errorText } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';
import { complianceEndpoints } from './endpoints.ts';
import { useCaseActions, useKycReviewers } from './kyc-api.ts';

const caseName = (c: KycCase) => c.customer_name ?? c.user_name;

/** Assign to me, release and reassign of one case, each shown only to whom it is open. */
export function CaseActions({
  kycCase: c,
  size = 'compact-sm',
}: {
  kycCase: KycCase;
  size?: 'compact-sm' | 'sm';
}) {
  const { t } = useTranslation('compliance');
  const can = useCan();
  const me = useAuth().user?.id;
  const actions = useCaseActions();
  const confirm = useConfirm();
  const [reassigning, setReassigning] = useState(false);
  const mine = c.assignee?.id === me;
  const failed = (error: unknown) => notify({ title: errorText(error), color: 'red' });

  return (
    // In a queue row: acting on the case must not also open it (the row's own click), nor must a
    // click inside the dialogs below, whose events bubble through React's tree.
    <Group gap={6} wrap="nowrap" justify="flex-end" onClick={(e) => e.stopPropagation()}>
      {!c.assignee && can(complianceEndpoints.assign) && (
        <Button
          size={size}
          variant="light"
          loading={actions.assign.isPending}
          onClick={() =>
            actions.assign.mutate(c.customer_id, {
              onSuccess: () => notify({ title: t('manage.assigned'), color: 'green' }),
              onError: failed,
            })
          }
          data-testid="assign-to-me"
        >
          {t('manage.assignToMe')}
        </Button>
      )}
      {mine && can(complianceEndpoints.release) && (
        <Button
          size={size}
          variant="default"
          onClick={() =>
            confirm.ask({
              title: t('manage.releaseConfirm', { customer: caseName(c) }),
              confirmLabel: t('manage.release'),
              color: 'blue',
              onConfirm: () =>
                actions.release.mutateAsync(c.customer_id).then(
                  () => notify({ title: t('manage.released'), color: 'green' }),
                  (error: unknown) => {
                    failed(error);
                    throw error;
                  },
                ),
            })
          }
          data-testid="release-case"
        >
          {t('manage.release')}
        </Button>
      )}
      {can(complianceEndpoints.reassign) && (
        <Button size={size} variant="subtle" onClick={() => setReassigning(true)} data-testid="reassign-case">
          {t('manage.reassign')}
        </Button>
      )}
      {reassigning && <ReassignModal kycCase={c} onClose={() => setReassigning(false)} />}
      {confirm.dialog}
    </Group>
  );
}

const NOBODY = 'nobody';

function ReassignModal({ kycCase: c, onClose }: { kycCase: KycCase; onClose: () => void }) {
  const { t } = useTranslation('compliance');
  const reviewers = useKycReviewers();
  const { reassign } = useCaseActions();
  const [to, setTo] = useState<string | null>(c.assignee ? String(c.assignee.id) : NOBODY);
  const options = [
    { value: NOBODY, label: t('manage.unassigned') },
    ...(reviewers.data?.items ?? []).map((m) => ({ value: String(m.id), label: m.display_name })),
  ];
  return (
    <Modal opened onClose={onClose} title={t('manage.reassignTitle', { customer: caseName(c) })} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          reassign.mutate(
            { customer_id: c.customer_id, member_id: to && to !== NOBODY ? Number(to) : null },
            {
              onSuccess: () => {
                notify({ title: t('manage.reassigned'), color: 'green' });
                onClose();
              },
            },
          );
        }}
      >
        <Stack>
          <FormFailure failure={reassign.isError ? errorText(reassign.error) : null} />
          <Select
            label={t('manage.reassignTo')}
            data={options}
            value={to}
            onChange={setTo}
            allowDeselect={false}
            searchable
            comboboxProps={{ withinPortal: true }}
            data-testid="reassign-to"
          />
          <FormActions
            submitLabel={t('manage.reassign')}
            submitting={reassign.isPending}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
