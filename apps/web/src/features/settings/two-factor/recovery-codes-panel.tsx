import { Alert, Button, Card, Code, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Saves the codes as a text file, made in the browser: they never travel again. */
function download(codes: string[], header: string) {
  const blob = new Blob([`${header}\n\n${codes.join('\n')}\n`], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'backdesk-recovery-codes.txt';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Fresh recovery codes, shown once (only their keyed hashes are kept on the server). */
export function RecoveryCodesPanel({
  codes,
  userName,
  onDone,
}: {
  codes: string[];
  userName: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('twofa');
  return (
    <Card withBorder radius="md" padding="lg" data-testid="recovery-codes">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('recovery.shownOnceTitle')}
        </Title>
        <Alert color="yellow" icon={<IconShieldCheck size={18} />}>
          {t('recovery.shownOnce')}
        </Alert>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" aria-label={t('recovery.listLabel')} role="list">
          {codes.map((code) => (
            <Code key={code} fz="md" ta="center" py={6} role="listitem" data-testid="recovery-code">
              {code}
            </Code>
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => download(codes, t('recovery.fileHeader', { user: userName }))}
          >
            {t('recovery.download')}
          </Button>
          <Button onClick={onDone} data-testid="recovery-codes-saved">
            {t('recovery.saved')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('recovery.description')}
        </Text>
      </Stack>
    </Card>
  );
}
