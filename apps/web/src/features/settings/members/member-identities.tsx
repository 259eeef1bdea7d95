import type { Member } from '@backdesk/contract';
import { Button, Select, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { reported, useConfirm } from '../../../components/confirm-dialog.tsx';
import { ModalForm, useContractForm } from '../../../components/forms/index.ts';
import { useLanguage } from '../../../lib/language.ts';
import { formatDateTime } from '../../../lib/locale-format.ts';
import { notify } from '../../../lib/notify.ts';
import { useLinkIdentity, useSsoProviders, useUnlinkIdentity } from './members-api.ts';

/**
 * A member's identities at the sign-in providers (docs/sso.md): a super links one by the provider's
 * subject, or unlinks it, which ends the sign-ins it opened. `member` is the list's current row, so
 * its version is the one loaded after each change.
 */
export function IdentitiesModal({ member, onClose }: { member: Member; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const { locale } = useLanguage();
  const providers = useSsoProviders().data ?? [];
  const link = useLinkIdentity();
  const unlink = useUnlinkIdentity();
  const { ask, dialog } = useConfirm();
  const name = member.display_name;
  const providerName = (id: string) => providers.find((p) => p.id === id)?.name ?? id;
  const free = providers.filter((p) => !member.identities.some((i) => i.provider === p.id));

  const { form, failure, submit } = useContractForm({
    initialValues: { provider: free[0]?.id ?? '', subject: '' },
    schema: (c) => c.membersApi.LinkIdentityBodySchema,
    toInput: (values) => ({ id: member.id, version: member.version, ...values }),
    formats: { subject: 'sso_subject' },
    codeFields: { IDENTITY_TAKEN: 'subject', IDENTITY_ALREADY_LINKED: 'provider' },
  });
  const onSubmit = submit(async (body) => {
    await link.mutateAsync(body);
    notify({
      title: t('members.identities.linked', { name, provider: providerName(body.provider) }),
      color: 'green',
    });
    form.setFieldValue('subject', '');
  });

  const confirmUnlink = (provider: string) =>
    ask({
      title: t('members.identities.unlinkConfirm', { name, provider: providerName(provider) }),
      message: t('members.identities.unlinkMessage'),
      confirmLabel: t('members.identities.unlink'),
      onConfirm: () =>
        reported(async () => {
          await unlink.mutateAsync({ id: member.id, version: member.version, provider });
          notify({
            title: t('members.identities.unlinked', { name, provider: providerName(provider) }),
            color: 'green',
          });
        }),
    });

  return (
    <>
      <ModalForm
        onClose={onClose}
        title={t('members.identities.title', { name })}
        size="lg"
        centered
        onSubmit={onSubmit}
        failure={failure}
        testId="identities-form"
        failureTestId="identities-failure"
        intro={
          <>
            <Text size="sm" c="dimmed">
              {t('members.identities.intro')}
            </Text>
            <Title order={3} size="h5">
              {t('members.identities.identities')}
            </Title>
            {member.identities.length === 0 ? (
              <Text size="sm" data-testid="identities-none">
                {t('members.identities.none')}
              </Text>
            ) : (
              <Table data-testid="identities-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('members.identities.provider')}</Table.Th>
                    <Table.Th>{t('members.identities.subject')}</Table.Th>
                    <Table.Th>{t('members.identities.linkedAt')}</Table.Th>
                    <Table.Th>{t('members.identities.lastSignIn')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {member.identities.map((identity) => (
                    <Table.Tr key={identity.provider} data-testid="identity-row">
                      <Table.Td>{providerName(identity.provider)}</Table.Td>
                      <Table.Td>
                        <Text size="sm" ff="monospace">
                          {identity.subject}
                        </Text>
                      </Table.Td>
                      <Table.Td>{formatDateTime(locale, identity.linked_at)}</Table.Td>
                      <Table.Td>
                        {identity.last_sign_in_at
                          ? formatDateTime(locale, identity.last_sign_in_at)
                          : t('members.identities.never')}
                      </Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => confirmUnlink(identity.provider)}
                          aria-label={t('members.identities.unlinkFor', {
                            provider: providerName(identity.provider),
                          })}
                        >
                          {t('members.identities.unlink')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            <Title order={3} size="h5">
              {t('members.identities.linkNew')}
            </Title>
          </>
        }
        actions={{
          submitLabel: t('members.identities.link'),
          submitting: form.submitting,
          submitTestId: 'identity-link-submit',
        }}
      >
        <Select
          label={t('members.identities.provider')}
          required
          data={free.map((p) => ({ value: p.id, label: p.name }))}
          allowDeselect={false}
          {...form.getInputProps('provider')}
        />
        <TextInput
          label={t('members.identities.subject')}
          required
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('subject')}
        />
      </ModalForm>
      {dialog}
    </>
  );
}
