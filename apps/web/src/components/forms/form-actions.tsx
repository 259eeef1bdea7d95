import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dismissLabel } from './dismiss-label.ts';

/** Cancel and submit, right-aligned; the submit spins while the request runs. */
export function FormActions({
  submitLabel,
  submitting,
  onCancel,
  color,
  submitTestId,
}: {
  submitLabel: string;
  submitting: boolean;
  onCancel?: () => void;
  color?: string;
  submitTestId?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Group justify="flex-end" mt="xs">
      {onCancel && (
        <Button variant="default" onClick={onCancel} data-testid="dismiss">
          {dismissLabel(t, submitLabel)}
        </Button>
      )}
      <Button type="submit" color={color} loading={submitting} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </Group>
  );
}
