import type { Member } from '@backdesk/contract';
import { ActionIcon, Alert, Badge, Button, Card, Group, Loader, Menu, Table, Text } from '@mantine/core';
import { IconDots, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordHistory } from '../../../components/audit-trail/index.ts';
import { reported, useConfirm } from '../../../components/confirm-dialog.tsx';
import { contentReady } from '../../../components/content-ready.ts';
import { DangerMenuItem } from '../../../components/danger-menu-item.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useAuth } from '../../../lib/auth-store.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { notify } from '../../../lib/notify.ts';
import { CreateMemberModal, OneTimePasswordModal, RolesModal } from './member-forms.tsx';
import { IdentitiesModal } from './member-identities.tsx';
import {
  useDisableMember,
  useEnableMember,
  useEndMemberSessions,
  useIssueOneTimePassword,
  useMembers,
  useResetTwoFactor,
  useSsoProviders,
} from './members-api.ts';
import { ScimTokensCard } from './scim-tokens-card.tsx';

/**
 * `/settings/members` (super only): every staff member with roles, status, two-factor state and last
 * sign-in; add, change roles, disable and enable, issue a one-time password, reset two-factor, end
 * sessions. The server enforces every rule (the last super, one's own role) and names its refusal.
 */
export function MembersPage() {
  const { t } = useTranslation(['settings', 'common']);
  const { locale } = useLanguage();
  const me = useAuth().user?.id;
  const members = useMembers();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Member | null>(null);
  const [issued, setIssued] = useState<{ member: Member; password: string } | null>(null);
  // The member's id, not the row: the modal reads the list's current row, at its latest version.
  const [linkingId, setLinkingId] = useState<number | null>(null);
  const linking = members.data?.find((m) => m.id === linkingId);
  const ssoConfigured = (useSsoProviders().data?.length ?? 0) > 0;
  const { ask, dialog } = useConfirm();
  const history = useRecordHistory((m: Member) => ({
    entity: 'staff_member',
    entityId: m.id,
    title: `${t('members.history')}: ${m.display_name}`,
  }));
  const disable = useDisableMember();
  const enable = useEnableMember();
  const endSessions = useEndMemberSessions();
  const issue = useIssueOneTimePassword();
  const resetTwoFactor = useResetTwoFactor();

  const actions = (m: Member) => {
    const name = m.display_name;
    const own = m.id === me;
    return (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            aria-label={t('members.actionsFor', { name })}
            data-testid="member-actions"
          >
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {m.source === 'local' ? (
            <Menu.Item onClick={() => setEditing(m)}>{t('members.editRoles.action')}</Menu.Item>
          ) : (
            <Menu.Item disabled data-testid="roles-from-provider">
              {t('members.rolesFromProvider')}
            </Menu.Item>
          )}
          {ssoConfigured && (
            <Menu.Item onClick={() => setLinkingId(m.id)} data-testid="member-identities">
              {t('members.identities.action')}
            </Menu.Item>
          )}
          {!own && (
            <Menu.Item
              onClick={() =>
                ask({
                  title: t('members.oneTimePassword.confirm', { name }),
                  message: t('members.oneTimePassword.confirmMessage'),
                  confirmLabel: t('members.oneTimePassword.issue'),
                  onConfirm: () =>
                    reported(async () => {
                      const result = await issue.mutateAsync(m);
                      setIssued({ member: result.member, password: result.one_time_password });
                    }),
                })
              }
            >
              {t('members.oneTimePassword.issue')}
            </Menu.Item>
          )}
          {m.two_factor && (
            <Menu.Item
              onClick={() =>
                ask({
                  title: t('members.resetTwoFactor.confirm', { name }),
                  message: t('members.resetTwoFactor.message'),
                  confirmLabel: t('members.resetTwoFactor.action'),
                  onConfirm: () =>
                    reported(async () => {
                      await resetTwoFactor.mutateAsync(m.id);
                      notify({ title: t('members.resetTwoFactor.done', { name }), color: 'green' });
                    }),
                })
              }
            >
              {t('members.resetTwoFactor.action')}
            </Menu.Item>
          )}
          <Menu.Item
            disabled={m.active_sessions === 0}
            onClick={() =>
              ask({
                title: t('members.endSessions.confirm', { name }),
                message: t('members.endSessions.message'),
                confirmLabel: t('members.endSessions.action'),
                onConfirm: () =>
                  reported(async () => {
                    await endSessions.mutateAsync(m.id);
                    notify({
                      title: t('members.endSessions.done', { count: m.active_sessions }),
                      color: 'green',
                    });
                  }),
              })
            }
          >
            {t('members.endSessions.action')}
          </Menu.Item>
          {m.status === 'active' && !own && (
            <DangerMenuItem
              data-testid="disable-member"
              onClick={() =>
                ask({
                  title: t('members.disable.confirm', { name }),
                  message: t('members.disable.message'),
                  confirmLabel: t('members.disable.action'),
                  onConfirm: () =>
                    reported(async () => {
                      await disable.mutateAsync(m);
                      notify({ title: t('members.disable.done', { name }), color: 'green' });
                    }),
                })
              }
            >
              {t('members.disable.action')}
            </DangerMenuItem>
          )}
          {m.status === 'disabled' && (
            <Menu.Item
              data-testid="enable-member"
              onClick={() =>
                void reported(async () => {
                  await enable.mutateAsync(m);
                  notify({ title: t('members.enable.done', { name }), color: 'green' });
                }).catch(() => {})
              }
            >
              {t('members.enable.action')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
    );
  };

  return (
    <>
      <PageHeader
        title={t('common:pages.members')}
        description={t('members.description')}
        actions={
          <Button
            leftSection={<IconUserPlus size={16} />}
            onClick={() => setCreating(true)}
            data-testid="add-member"
          >
            {t('members.add')}
          </Button>
        }
      />
      {members.isError && <Alert color="red">{t('members.loadFailed')}</Alert>}
      {members.isPending && <Loader aria-label={t('common:nav.loadingPage')} />}
      {members.data && (
        <Card withBorder radius="md" padding={0} {...contentReady(true)}>
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="members-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('members.name')}</Table.Th>
                  <Table.Th>{t('members.roles')}</Table.Th>
                  <Table.Th>{t('members.status')}</Table.Th>
                  <Table.Th>{t('members.twoFactor')}</Table.Th>
                  <Table.Th>{t('members.lastSignIn')}</Table.Th>
                  <Table.Th>{t('members.sessions')}</Table.Th>
                  <Table.Th ta="right">{t('members.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {members.data.map((m) => (
                  <Table.Tr key={m.id} data-testid="member-row" data-user={m.user_name}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {m.display_name}
                        {m.id === me && (
                          <Badge ml={6} size="xs" variant="outline" color="gray">
                            {t('members.you')}
                          </Badge>
                        )}
                        <Badge
                          ml={6}
                          size="xs"
                          variant="light"
                          color={m.source === 'local' ? 'gray' : 'blue'}
                          data-testid="member-source"
                        >
                          {t(`members.sources.${m.source}`)}
                        </Badge>
                      </Text>
                      <Text size="xs" c="dimmed">
                        {m.user_name}
                        {m.email ? ` · ${m.email}` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {m.roles.map((role) => (
                          <Badge
                            key={role}
                            size="sm"
                            variant="light"
                            color={role === 'super' ? 'grape' : 'green'}
                          >
                            {t(`members.roleNames.${role as 'super'}`, { defaultValue: role })}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        size="sm"
                        variant="light"
                        color={m.status === 'active' ? 'green' : 'gray'}
                        data-testid="member-status"
                      >
                        {t(`members.statuses.${m.status}`)}
                      </Badge>
                      {m.must_change_password && (
                        <Text size="xs" c="dimmed" mt={2}>
                          {t('members.mustChange')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{m.two_factor ? t('members.on') : t('members.off')}</Table.Td>
                    <Table.Td>
                      {m.last_sign_in_at ? formatDateTime(locale, m.last_sign_in_at) : t('members.never')}
                    </Table.Td>
                    <Table.Td>{m.active_sessions}</Table.Td>
                    <Table.Td>
                      <Group gap={2} justify="flex-end" wrap="nowrap">
                        {history.button(m)}
                        {actions(m)}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      )}
      <ScimTokensCard />
      {creating && (
        <CreateMemberModal
          onClose={() => setCreating(false)}
          onIssued={(member, password) => {
            setCreating(false);
            setIssued({ member, password });
          }}
        />
      )}
      {editing && <RolesModal member={editing} onClose={() => setEditing(null)} />}
      {linking && <IdentitiesModal member={linking} onClose={() => setLinkingId(null)} />}
      <OneTimePasswordModal issued={issued} onClose={() => setIssued(null)} />
      {history.drawer}
      {dialog}
    </>
  );
}
