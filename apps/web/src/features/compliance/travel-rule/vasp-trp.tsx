import type { Vasp } from '@backdesk/contract';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-dialog.tsx';
import { FormShell, useContractForm } from '../../../components/forms/index.ts';
import { ShownOnceModal } from '../../../components/shown-once-modal.tsx';
import { errorText } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useConfigureTrp, vaspOptions } from './travel-rule-api.ts';

type LinkState = 'linked' | 'partial' | 'none';
const STATE_COLOURS: Record<LinkState, string> = { linked: 'green', partial: 'yellow', none: 'gray' };

/** Linked: we know where to send, it holds our token, we hold its token. */
export const trpLinkState = (v: Vasp): LinkState => {
  const parts = [v.trp_url !== null, v.trp_inbound, v.trp_outbound];
  if (parts.every(Boolean)) return 'linked';
  return parts.some(Boolean) ? 'partial' : 'none';
};

/**
 * A VASP's link over the Travel Rule Protocol (decision 0030): the base of its endpoints, the token
 * it issued us (kept sealed, never shown), and the token we issue it — shown once, then only its
 * first characters — rotated or revoked. Every change is at the version read and audited.
 */
export function VaspTrpModal({ vasp: listed, onClose }: { vasp: Vasp; onClose: () => void }) {
  const { t } = useTranslation(['travelRule', 'common']);
  const detail = useQuery(vaspOptions(listed.id));
  // The answer of each change is the VASP at its new version, before the reload lands.
  const [latest, setLatest] = useState<Vasp | null>(null);
  const vasp = latest ?? detail.data?.vasp ?? listed;
  const configure = useConfigureTrp();
  const confirm = useConfirm();
  const [token, setToken] = useState<string | null>(null);
  const state = trpLinkState(vasp);

  const { form, failure, submit } = useContractForm({
    initialValues: { url: vasp.trp_url ?? '', outbound_token: '' },
    schema: (c) => c.complianceApi.ConfigureVaspTrpBodySchema,
    toInput: (v) => ({
      id: vasp.id,
      version: vasp.version,
      url: v.url.trim() === '' ? null : v.url.trim(),
      outbound_token: v.outbound_token.trim() === '' ? undefined : v.outbound_token.trim(),
    }),
  });
  const onSubmit = submit(async (body) => {
    const answer = await configure.mutateAsync(body);
    setLatest(answer.vasp);
    form.setFieldValue('outbound_token', '');
    notify({ title: t('trp.saved'), color: 'green' });
  });

  const inbound = (change: { issue_inbound: true } | { revoke_inbound: true }) =>
    configure.mutateAsync(
      { id: vasp.id, version: vasp.version, url: vasp.trp_url, ...change },
      {
        onSuccess: (answer) => {
          setLatest(answer.vasp);
          if (answer.inbound_token) setToken(answer.inbound_token);
          else notify({ title: t('trp.revoked'), color: 'green' });
        },
        onError: (error) => notify({ title: errorText(error), color: 'red' }),
      },
    );

  return (
    <>
      <Modal
        opened={token === null}
        onClose={onClose}
        title={t('trp.title', { name: vasp.name })}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      >
        <Stack gap="md" data-testid="vasp-trp">
          <Group gap="xs">
            <Text size="sm" fw={500}>
              {t('trp.state')}
            </Text>
            <Badge variant="light" color={STATE_COLOURS[state]} data-testid="trp-state" data-state={state}>
              {t(`trp.states.${state}`)}
            </Badge>
          </Group>
          {vasp.protocol !== 'trp' && (
            <Alert color="yellow" variant="light" data-testid="trp-not-trp">
              {t('trp.notTrp', { protocol: t(`protocol.${vasp.protocol}`) })}
            </Alert>
          )}
          <FormShell
            onSubmit={onSubmit}
            failure={failure}
            testId="trp-link-form"
            actions={{ submitLabel: t('trp.save'), submitting: form.submitting, submitTestId: 'trp-save' }}
          >
            <TextInput
              label={t('trp.url')}
              description={t('trp.urlHint')}
              name="url"
              placeholder="https://trp.example.com/trp/v1"
              {...form.getInputProps('url')}
            />
            <PasswordInput
              label={t('trp.outbound')}
              description={t(vasp.trp_outbound ? 'trp.outboundStored' : 'trp.outboundHint')}
              name="outbound_token"
              autoComplete="off"
              {...form.getInputProps('outbound_token')}
            />
          </FormShell>
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('trp.inbound')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('trp.inboundHint')}
            </Text>
            <Group gap="sm" data-testid="trp-inbound">
              {vasp.trp_inbound_prefix ? (
                <Text size="sm">
                  {t('trp.issuedPrefix')}{' '}
                  <Code data-testid="trp-inbound-prefix">{vasp.trp_inbound_prefix}…</Code>
                </Text>
              ) : (
                <Text size="sm" data-testid="trp-inbound-none">
                  {t(vasp.trp_inbound ? 'trp.issuedEarlier' : 'trp.inboundNone')}
                </Text>
              )}
            </Group>
            <Group gap="sm">
              <Button
                variant="light"
                loading={configure.isPending}
                onClick={() => void inbound({ issue_inbound: true })}
                data-testid="trp-issue"
              >
                {t(vasp.trp_inbound ? 'trp.rotate' : 'trp.issue')}
              </Button>
              {vasp.trp_inbound && (
                <Button
                  variant="light"
                  color="red"
                  onClick={() =>
                    confirm.ask({
                      title: t('trp.revokeTitle', { name: vasp.name }),
                      message: t('trp.revokeHint'),
                      confirmLabel: t('trp.revoke'),
                      onConfirm: () => inbound({ revoke_inbound: true }),
                    })
                  }
                  data-testid="trp-revoke"
                >
                  {t('trp.revoke')}
                </Button>
              )}
            </Group>
          </Stack>
        </Stack>
      </Modal>
      <ShownOnceModal
        shown={
          token
            ? {
                title: t('trp.shownTitle', { name: vasp.name }),
                intro: t('trp.shownIntro', { name: vasp.name }),
                label: t('trp.shownLabel'),
                value: token,
              }
            : null
        }
        onClose={() => setToken(null)}
        testId="trp-token"
      />
      {confirm.dialog}
    </>
  );
}
