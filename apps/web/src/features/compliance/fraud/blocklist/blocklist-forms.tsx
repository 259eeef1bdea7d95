import type { fraudApi } from '@backdesk/contract';
import { BLOCKLIST_KINDS, type BlocklistKind } from '@backdesk/contract/fraud/keys';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure, FormShell, useContractForm } from '../../../../components/forms/index.ts';
import { errorText } from '../../../../lib/errors.ts';
import { keyOptions } from '../../../../lib/key-options.ts';
import { notify } from '../../../../lib/notify.ts';
import { RunPanel } from '../runs/run-panel.tsx';
import { useBlocklistActions } from './blocklist-api.ts';
import { BLOCKLIST_IMPORT_MAX_BYTES } from './blocklist-keys.ts';

/** After an add or an import: what was done, and the rescan of history it started. */
function Started({
  message,
  runId,
  onClose,
}: {
  message: string;
  runId: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('fraudRules');
  return (
    <Stack data-testid="blocklist-started">
      <Alert color="green" variant="light">
        {message}
      </Alert>
      {runId && <RunPanel runId={runId} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('blocklist.close')}
        </Button>
      </Group>
    </Stack>
  );
}

interface DialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * A blocklist dialog: its form mounts afresh with each opening (a new Idempotency-Key, no old
 * answer), and turns into what was started once it is sent.
 */
function BlocklistDialog({
  opened,
  onClose,
  title,
  Form,
}: DialogProps & { title: string; Form: ComponentType<{ onClose: () => void }> }) {
  const { t } = useTranslation('fraudRules');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
      title={title}
    >
      {opened && <Form onClose={onClose} />}
    </Modal>
  );
}

/** Adds a value; one Idempotency-Key per opened form, so a retried submit adds it once. */
export function AddEntryModal(props: DialogProps) {
  const { t } = useTranslation('fraudRules');
  return <BlocklistDialog {...props} title={t('blocklist.addTitle')} Form={AddEntryForm} />;
}

function AddEntryForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['fraudRules', 'fraud']);
  const { add } = useBlocklistActions();
  const [key] = useState(() => crypto.randomUUID());
  const [done, setDone] = useState<{ value: string; runId: number } | null>(null);
  const { form, failure, submit } = useContractForm({
    initialValues: { kind: 'address' as BlocklistKind, value: '', network: '', reason: '', source: 'manual' },
    schema: (c) => c.fraudApi.AddBlocklistEntryBodySchema,
    toInput: (v) => ({ ...v, network: v.kind === 'address' && v.network.trim() ? v.network : undefined }),
    codeFields: { BLOCKLIST_ENTRY_EXISTS: 'value' },
  });
  const onSubmit = submit(async (body) => {
    const answer = await add.mutateAsync({ key, body: body as fraudApi.AddBlocklistEntryBody });
    notify({ title: t('blocklist.added', { value: answer.entry.value }), color: 'green' });
    setDone({ value: answer.entry.value, runId: answer.rescanRunId });
  });
  if (done)
    return (
      <Started
        message={t('blocklist.addedRescan', { value: done.value })}
        runId={done.runId}
        onClose={onClose}
      />
    );
  const kind = form.getValues().kind;
  return (
    <FormShell
      onSubmit={onSubmit}
      failure={failure}
      testId="blocklist-add-form"
      actions={{
        submitLabel: t('blocklist.add'),
        submitting: add.isPending,
        onCancel: onClose,
        color: 'red',
        submitTestId: 'blocklist-add-submit',
      }}
    >
      <SimpleGrid cols={2}>
        <Select
          label={t('blocklist.columns.kind')}
          data={keyOptions(BLOCKLIST_KINDS, (k) => t(`fraud:blocklistKind.${k}`))}
          allowDeselect={false}
          data-testid="blocklist-kind"
          {...form.getInputProps('kind')}
        />
        {kind === 'address' && (
          <TextInput
            label={t('blocklist.columns.network')}
            description={t('blocklist.form.networkHint')}
            name="network"
            data-testid="blocklist-network"
            {...form.getInputProps('network')}
          />
        )}
      </SimpleGrid>
      <TextInput
        label={t('blocklist.columns.value')}
        description={t(`blocklist.form.valueHint.${kind}`)}
        name="value"
        autoComplete="off"
        data-testid="blocklist-value"
        {...form.getInputProps('value')}
      />
      <Textarea
        label={t('blocklist.columns.reason')}
        name="reason"
        autosize
        minRows={2}
        data-testid="blocklist-reason"
        {...form.getInputProps('reason')}
      />
      <TextInput
        label={t('blocklist.columns.source')}
        description={t('blocklist.form.sourceHint')}
        name="source"
        {...form.getInputProps('source')}
      />
    </FormShell>
  );
}

/** Imports a CSV file whole or not at all; the server names the first bad line and column. */
export function ImportModal(props: DialogProps) {
  const { t } = useTranslation('fraudRules');
  return <BlocklistDialog {...props} title={t('blocklist.importTitle')} Form={ImportForm} />;
}

function ImportForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['fraudRules', 'errors']);
  const actions = useBlocklistActions();
  // One Idempotency-Key per chosen file: a retried send imports it once, another file is another import.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [file, setFile] = useState<File | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<{ imported: number; skipped: number; runId: number | null } | null>(null);

  async function send() {
    setFailure(null);
    if (!file) return setFailure(t('blocklist.importChoose'));
    if (file.size > BLOCKLIST_IMPORT_MAX_BYTES)
      return setFailure(
        t('errors:codes.BLOCKLIST_IMPORT_TOO_LARGE', { maxKilobytes: BLOCKLIST_IMPORT_MAX_BYTES / 1024 }),
      );
    try {
      const answer = await actions.import.mutateAsync({ key, content: await file.text() });
      setDone({ imported: answer.imported, skipped: answer.skipped, runId: answer.rescanRunId });
    } catch (error) {
      setFailure(errorText(error));
    }
  }
  if (done)
    return (
      <Started
        message={t('blocklist.imported', {
          count: done.imported,
          imported: done.imported,
          skipped: done.skipped,
        })}
        runId={done.runId}
        onClose={onClose}
      />
    );
  return (
    <Stack data-testid="blocklist-import-form">
      <Text size="sm">{t('blocklist.importHint')}</Text>
      <Text size="sm" ff="monospace">
        kind,value,network,reason,source
      </Text>
      <FormFailure failure={failure} testId="blocklist-import-failure" />
      <FileInput
        label={t('blocklist.file')}
        accept=".csv,text/csv"
        value={file}
        onChange={(next) => {
          setFile(next);
          setKey(crypto.randomUUID());
        }}
        clearable
        data-testid="blocklist-import-file"
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('blocklist.cancel')}
        </Button>
        <Button onClick={send} loading={actions.import.isPending} data-testid="blocklist-import-submit">
          {t('blocklist.importSubmit')}
        </Button>
      </Group>
    </Stack>
  );
}
