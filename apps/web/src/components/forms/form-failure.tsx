import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** The one place a form shows a refusal that belongs to no single field. */
export function FormFailure({
  failure,
  testId = 'form-failure',
}: {
  failure: string | null;
  testId?: string;
}) {
  if (!failure) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      data-testid={testId}
      style={{ whiteSpace: 'pre-line' }}
    >
      {failure}
    </Alert>
  );
}
