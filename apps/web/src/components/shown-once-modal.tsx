import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ShownOnce {
  title: string;
  intro: ReactNode;
  /** What the value is, for a screen reader ("One-time password", "API key"). */
  label: string;
  value: string;
}

/**
 * A secret the server keeps only as a hash (a one-time password, an API key, a signing secret): shown
 * here once, with a copy button, and gone when the modal closes.
 */
export function ShownOnceModal({
  shown,
  onClose,
  testId,
}: {
  shown: ShownOnce | null;
  onClose: () => void;
  /** The value's test id; its copy and done buttons are `${testId}-copy` and `${testId}-done`. */
  testId: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal
      opened={shown !== null}
      onClose={onClose}
      title={shown?.title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('shownOnce.done') }}
    >
      <Stack gap="md">
        <Text size="sm">{shown?.intro}</Text>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Code
            block
            fz="md"
            px="md"
            py={6}
            style={{ wordBreak: 'break-all', flex: 1 }}
            aria-label={shown?.label}
            data-testid={testId}
          >
            {shown?.value}
          </Code>
          <CopyButton value={shown?.value ?? ''}>
            {({ copied, copy }) => (
              <Button variant="light" size="compact-md" onClick={copy} data-testid={`${testId}-copy`}>
                {copied ? t('shownOnce.copied') : t('shownOnce.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid={`${testId}-done`}>
            {t('shownOnce.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
