import { isPanelRole } from '@backdesk/contract';
import { Avatar, Badge, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DangerMenuItem } from '../../components/danger-menu-item.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { signOut } from './sign-out.ts';
import classes from './user-menu.module.css';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toLocaleUpperCase())
    .join('');

/** The signed-in member: name, roles and sign-out. */
export function UserMenu() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;
  const name = user.display_name || user.user_name;

  const leave = async () => {
    const provider = await signOut();
    // An SSO member signs out at their provider too, which sends the browser back to /login.
    if (provider) window.location.assign(provider);
    else await navigate({ to: '/login' });
  };

  return (
    // The trigger is named by the member's name it shows (WCAG 2.5.3), or by its title on a phone where
    // the name is hidden; the initials are decoration.
    <Menu position="bottom-end" width={240} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton className={classes.trigger} title={name} data-testid="user-menu">
          <Group gap={8} wrap="nowrap">
            <Avatar size={30} radius="xl" color="green" variant="filled" aria-hidden>
              {initials(name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
              {name}
            </Text>
            <IconChevronDown size={14} stroke={1.8} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* biome-ignore lint/a11y/useSemanticElements: a menu holds only items, groups and separators, so who is signed in is a group of its own (a fieldset belongs to a form) */}
        <div className={classes.identity} role="group" aria-label={name}>
          <Text size="sm" fw={600} truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email ?? user.user_name}
          </Text>
          <Group gap={4} mt={8} role="group" aria-label={t('userMenu.roles')}>
            {user.user_roles.map((role) => (
              <Badge key={role} size="xs" variant="light" color="green">
                {isPanelRole(role) ? t(`roles.${role}`) : role}
              </Badge>
            ))}
          </Group>
        </div>
        <Menu.Divider />
        <DangerMenuItem leftSection={<IconLogout size={16} stroke={1.7} />} onClick={leave}>
          {t('userMenu.signOut')}
        </DangerMenuItem>
      </Menu.Dropdown>
    </Menu>
  );
}
