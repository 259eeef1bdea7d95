import { type Member, membersApi } from '@backdesk/contract';
import { Checkbox, Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalForm, useContractForm } from '../../../components/forms/index.ts';
import { ShownOnceModal } from '../../../components/shown-once-modal.tsx';
import { notify } from '../../../lib/notify.ts';
import { NameEmailFields } from '../shared/name-email-fields.tsx';
import { useChangeRoles, useCreateMember, useIssueOneTimePassword } from './members-api.ts';

type Role = (typeof membersApi.STAFF_ROLES)[number];

function RoleChoices({ inputProps }: { inputProps: GetInputPropsReturnType }) {
  const { t } = useTranslation('settings');
  return (
    <Checkbox.Group label={t('members.roles')} required {...inputProps}>
      <Stack gap={6} mt={6}>
        {membersApi.STAFF_ROLES.map((role) => (
          <Checkbox
            key={role}
            value={role}
            label={t(`members.roleNames.${role}`)}
            description={role === 'support' ? t('members.roleHints.support') : undefined}
            data-testid={`role-${role}`}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/**
 * A new member, then at once their one-time password (two calls: the creation is idempotent and its
 * stored answer must never hold a password). `onIssued` shows the password.
 */
export function CreateMemberModal({
  onClose,
  onIssued,
}: {
  onClose: () => void;
  onIssued: (member: Member, password: string) => void;
}) {
  const { t } = useTranslation('settings');
  const create = useCreateMember();
  const issue = useIssueOneTimePassword();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const { form, failure, submit } = useContractForm({
    initialValues: { user_name: '', display_name: '', email: '', roles: ['manager'] as Role[] },
    schema: (c) => c.membersApi.CreateMemberBodySchema,
    codeFields: { STAFF_MEMBER_EXISTS: 'user_name' },
  });

  const onSubmit = submit(async (body) => {
    let member: Member;
    try {
      member = await create.mutateAsync({ body, key });
    } catch (error) {
      setKey(crypto.randomUUID());
      throw error;
    }
    notify({ title: t('members.create.created', { name: member.display_name }), color: 'green' });
    const issued = await issue.mutateAsync(member);
    onIssued(issued.member, issued.one_time_password);
  });

  return (
    <ModalForm
      onClose={onClose}
      title={t('members.create.title')}
      centered
      onSubmit={onSubmit}
      failure={failure}
      testId="create-member-form"
      failureTestId="create-member-failure"
      intro={
        <Text size="sm" c="dimmed">
          {t('members.create.intro')}
        </Text>
      }
      actions={{
        submitLabel: t('members.create.submit'),
        submitting: form.submitting,
        submitTestId: 'create-member-submit',
      }}
    >
      <TextInput
        label={t('members.userName')}
        name="user_name"
        required
        autoComplete="off"
        {...form.getInputProps('user_name')}
      />
      <NameEmailFields getInputProps={form.getInputProps} autofill={false} />
      <RoleChoices inputProps={form.getInputProps('roles')} />
    </ModalForm>
  );
}

/** A member's roles, saved with the version loaded. */
export function RolesModal({ member, onClose }: { member: Member; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const change = useChangeRoles();
  const { form, failure, submit } = useContractForm({
    initialValues: { roles: member.roles as Role[] },
    schema: (c) => c.membersApi.ChangeRolesBodySchema,
    toInput: (values) => ({ id: member.id, version: member.version, roles: values.roles }),
  });
  const onSubmit = submit(async (body) => {
    await change.mutateAsync(body);
    notify({ title: t('members.editRoles.saved'), color: 'green' });
    onClose();
  });
  return (
    <ModalForm
      onClose={onClose}
      title={t('members.editRoles.title', { name: member.display_name })}
      centered
      onSubmit={onSubmit}
      failure={failure}
      testId="roles-form"
      failureTestId="roles-failure"
      actions={{
        submitLabel: t('members.editRoles.submit'),
        submitting: form.submitting,
        submitTestId: 'roles-submit',
      }}
    >
      <RoleChoices inputProps={form.getInputProps('roles')} />
    </ModalForm>
  );
}

/** The one-time password, shown this once: the server keeps only its hash. */
export function OneTimePasswordModal({
  issued,
  onClose,
}: {
  issued: { member: Member; password: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('settings');
  const name = issued?.member.display_name ?? '';
  return (
    <ShownOnceModal
      shown={
        issued && {
          title: t('members.oneTimePassword.title', { name }),
          intro: t('members.oneTimePassword.intro', { name }),
          label: t('members.oneTimePassword.label'),
          value: issued.password,
        }
      }
      onClose={onClose}
      testId="one-time-password"
    />
  );
}
