import { Modal, type ModalProps, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions } from './form-actions.tsx';
import { FormFailure } from './form-failure.tsx';

export interface FormShellProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The refusal that belongs to no single field (useContractForm's `failure`). */
  failure: string | null;
  actions: Parameters<typeof FormActions>[0];
  testId?: string;
  failureTestId?: string;
  gap?: 'xs' | 'sm' | 'md';
  /** Shown above the refusal: what the form acts on. */
  intro?: ReactNode;
  children: ReactNode;
}

/** Every form's frame: the refusal on top, the fields, then cancel and submit. */
export function FormShell({
  onSubmit,
  failure,
  actions,
  testId,
  failureTestId,
  gap,
  intro,
  children,
}: FormShellProps) {
  return (
    <form onSubmit={onSubmit} noValidate data-testid={testId}>
      <Stack gap={gap}>
        {intro}
        <FormFailure failure={failure} testId={failureTestId} />
        {children}
        <FormActions {...actions} />
      </Stack>
    </form>
  );
}

/** A form in its own dialog; cancel closes it. */
export function ModalForm({
  opened = true,
  onClose,
  title,
  size,
  centered,
  ...shell
}: FormShellProps & Pick<ModalProps, 'onClose' | 'title' | 'size' | 'centered'> & { opened?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      centered={centered}
      // The × is an icon: it needs a name for screen readers (WCAG 4.1.2); it cancels the form.
      closeButtonProps={{ 'aria-label': t('actions.cancel') }}
    >
      <FormShell {...shell} actions={{ onCancel: onClose, ...shell.actions }} />
    </Modal>
  );
}
