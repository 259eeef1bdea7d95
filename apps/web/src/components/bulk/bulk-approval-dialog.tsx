import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/errors.ts';
import { formatInteger } from '../../lib/format.ts';
import { useLanguage } from '../../lib/language.ts';

export interface BulkApprovalInput {
  typed_count: number;
  reason: string;
}

/**
 * A bulk action above the threshold: the member types the count back and gives a reason;
 * sending it files a four-eyes request over the records counted, applied only when a second member
 * approves. Shared by every bulk action.
 */
export function BulkApprovalDialog(props: {
  opened: boolean;
  /** The action named, e.g. "Close as false positive". */
  action: string;
  count: number;
  onConfirm: (input: BulkApprovalInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  const { locale } = useLanguage();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      centered
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      title={t('bulk.dialogTitle', { action: props.action, count: formatInteger(locale, props.count) })}
    >
      {props.opened && <BulkApprovalForm {...props} />}
    </Modal>
  );
}

function BulkApprovalForm(props: Parameters<typeof BulkApprovalDialog>[0]) {
  const { t } = useTranslation('common');
  const { locale } = useLanguage();
  const [typed, setTyped] = useState('');
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // Digits only: a grouped "1.351" or "1,351" reads as the count in either language.
  const typedCount = typed.replace(/[\s.,]/g, '');
  const countOk = /^\d+$/.test(typedCount) && Number(typedCount) === props.count;
  const reasonOk = reason.trim().length >= 3;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!countOk || !reasonOk) return;
    setSending(true);
    setFailure(null);
    try {
      await props.onConfirm({ typed_count: Number(typedCount), reason: reason.trim() });
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" data-testid="bulk-approval-dialog">
        <Text size="sm">{t('bulk.dialogMessage', { count: formatInteger(locale, props.count) })}</Text>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          label={t('bulk.typeCount', { count: formatInteger(locale, props.count) })}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          inputMode="numeric"
          autoComplete="off"
          data-autofocus
          error={typed !== '' && !countOk ? t('bulk.countMismatch') : undefined}
          data-testid="bulk-typed-count"
        />
        <Textarea
          label={t('bulk.reason')}
          description={t('bulk.reasonHint')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={500}
          data-testid="bulk-reason"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            {t('bulk.cancel')}
          </Button>
          <Button type="submit" disabled={!countOk || !reasonOk} loading={sending} data-testid="bulk-request">
            {t('bulk.request')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
