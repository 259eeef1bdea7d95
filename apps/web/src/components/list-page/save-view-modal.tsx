import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Naming the current filters as a saved view (saved-views.tsx); loaded the first time it opens. */
export default function SaveViewModal({
  opened,
  onClose,
  name,
  onNameChange,
  onSubmit,
  pending,
  error,
}: {
  opened: boolean;
  onClose: () => void;
  name: string;
  onNameChange: (name: string) => void;
  onSubmit: () => void;
  pending: boolean;
  error: string | undefined;
}) {
  const { t } = useTranslation(['list', 'common']);
  return (
    <Modal opened={opened} onClose={onClose} title={t('views.saveTitle')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack>
          <TextInput
            label={t('views.name')}
            value={name}
            onChange={(event) => onNameChange(event.currentTarget.value)}
            maxLength={60}
            error={error}
            data-autofocus
            data-testid="view-name"
          />
          <Text size="xs" c="dimmed">
            {t('views.sameNameReplaces')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" loading={pending} disabled={!name.trim()} data-testid="view-save">
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
