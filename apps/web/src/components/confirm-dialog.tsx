import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/errors.ts';
import { notify } from '../lib/notify.ts';
import { dismissLabel } from './forms/dismiss-label.ts';

export interface ConfirmRequest {
  /** The question, naming the thing: "Delete limit #12 (withdrawal, USDT-TRC20)?" */
  title: string;
  /** What follows from it, in a sentence. */
  message?: ReactNode;
  confirmLabel: string;
  /** Red for what cannot be undone. */
  color?: string;
  /** Runs the action; the dialog stays open (its button spinning) until it settles. */
  onConfirm: () => Promise<unknown>;
}

/** Runs a confirmed action; a refusal is told in a toast and keeps the question open (useConfirm). */
export async function reported<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    notify({ title: errorText(error), color: 'red' });
    throw error;
  }
}

/**
 * Asks before a destructive action. `ask(request)` opens the dialog; render `dialog` once. The dialog
 * closes when the action succeeds and stays open on a failure (the toast says why), so the member can
 * try again or cancel.
 */
export function useConfirm() {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const [pending, setPending] = useState(false);
  const close = () => {
    if (!pending) setRequest(null);
  };
  const confirm = async () => {
    if (!request) return;
    setPending(true);
    try {
      await request.onConfirm();
      setRequest(null);
    } catch {
      // The action reports its own failure (a toast); keep the question open.
    } finally {
      setPending(false);
    }
  };
  const dialog = <ConfirmDialog request={request} pending={pending} onConfirm={confirm} onClose={close} />;
  return { ask: setRequest, dialog };
}

export function ConfirmDialog({
  request,
  pending,
  onConfirm,
  onClose,
}: {
  request: ConfirmRequest | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      title={request?.title}
      centered
      closeOnClickOutside={!pending}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      data-testid="confirm-dialog"
    >
      <Stack gap="md">
        {request?.message && (
          <Text size="sm" c="dimmed">
            {request.message}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending} data-testid="dismiss">
            {dismissLabel(t, request?.confirmLabel ?? '')}
          </Button>
          <Button
            color={request?.color ?? 'red'}
            loading={pending}
            onClick={onConfirm}
            data-autofocus
            data-testid="confirm-action"
          >
            {request?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
