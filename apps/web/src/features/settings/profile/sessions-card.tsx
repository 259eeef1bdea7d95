import type { Session } from '@backdesk/contract';
import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { reported, useConfirm } from '../../../components/confirm-dialog.tsx';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../../../lib/member-settings.ts';
import { notify } from '../../../lib/notify.ts';
import { describeDevice } from './device.ts';

/**
 * Where the member is signed in. Ending a session is effective at once on every node: the server
 * reads the session on each request. The current one is ended by signing out as usual.
 */
export function SessionsCard() {
  const { t } = useTranslation('settings');
  const { locale } = useLanguage();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const { ask, dialog } = useConfirm();

  const deviceName = (session: Session) => {
    const device = describeDevice(session.user_agent);
    if (!device) return t('sessions.unknownDevice');
    if (device.browser && device.os)
      return t('sessions.deviceOn', { browser: device.browser, os: device.os });
    return device.browser ?? device.os ?? t('sessions.unknownDevice');
  };

  const others = (sessions.data ?? []).filter((s) => !s.current);

  const signOutOne = (session: Session) =>
    ask({
      title: t('sessions.confirmOne', { device: deviceName(session) }),
      message: t('sessions.confirmOneMessage'),
      confirmLabel: t('sessions.signOut'),
      onConfirm: () =>
        reported(async () => {
          await revoke.mutateAsync(session.id);
          notify({ title: t('sessions.signedOut'), color: 'green' });
        }),
    });

  const signOutOthers = () =>
    ask({
      title: t('sessions.confirmOthers'),
      message: t('sessions.confirmOthersMessage'),
      confirmLabel: t('sessions.signOutOthers'),
      onConfirm: () =>
        reported(async () => {
          const { sessions_ended: count } = await revokeOthers.mutateAsync();
          notify({ title: t('sessions.othersSignedOut', { count }), color: 'green' });
        }),
    });

  return (
    <Card withBorder radius="md" padding="lg" data-testid="sessions-card">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Stack gap={4}>
          <Title order={2} fz="lg">
            {t('sessions.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('sessions.description')}
          </Text>
        </Stack>
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={16} />}
          disabled={others.length === 0}
          onClick={signOutOthers}
          data-testid="sign-out-others"
        >
          {t('sessions.signOutOthers')}
        </Button>
      </Group>
      {sessions.isError ? (
        <Alert color="red">{t('sessions.loadFailed')}</Alert>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" data-testid="sessions-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('sessions.device')}</Table.Th>
                <Table.Th>{t('sessions.address')}</Table.Th>
                <Table.Th>{t('sessions.started')}</Table.Th>
                <Table.Th>{t('sessions.lastSeen')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('sessions.signOut')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(sessions.data ?? []).map((session) => (
                <Table.Tr
                  key={session.id}
                  data-testid="session-row"
                  data-current={session.current || undefined}
                >
                  <Table.Td title={session.user_agent ?? undefined}>{deviceName(session)}</Table.Td>
                  <Table.Td>{session.ip ?? '—'}</Table.Td>
                  <Table.Td>{formatDateTime(locale, session.created_at)}</Table.Td>
                  <Table.Td>{formatDateTime(locale, session.last_seen_at)}</Table.Td>
                  <Table.Td ta="right">
                    {session.current ? (
                      <Badge variant="light" color="green">
                        {t('sessions.thisDevice')}
                      </Badge>
                    ) : (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        onClick={() => signOutOne(session)}
                      >
                        {t('sessions.signOut')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {sessions.isSuccess && others.length === 0 && (
            <Text size="sm" c="dimmed" mt="xs">
              {t('sessions.none')}
            </Text>
          )}
        </Table.ScrollContainer>
      )}
      {dialog}
    </Card>
  );
}
