import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The row action that opens a record's trail (its label names the record). */
export function HistoryButton({
  label,
  onClick,
  testId,
}: {
  label: string;
  onClick: () => void;
  testId?: string;
}) {
  const { t } = useTranslation('audit');
  return (
    <Tooltip label={t('title')}>
      <ActionIcon variant="subtle" aria-label={label} onClick={onClick} data-testid={testId}>
        <IconHistory size={16} stroke={1.7} />
      </ActionIcon>
    </Tooltip>
  );
}
