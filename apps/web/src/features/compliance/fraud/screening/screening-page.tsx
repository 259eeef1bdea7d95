import { fraudApi } from '@backdesk/contract';
import {
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconFileImport, IconRefresh, IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../../components/confirm-dialog.tsx';
import { DateField, ModalForm } from '../../../../components/forms/index.ts';
import { useCan } from '../../../../lib/can.ts';
import { errorText } from '../../../../lib/errors.ts';
import { formatInteger } from '../../../../lib/format.ts';
import { keyOptions } from '../../../../lib/key-options.ts';
import { useLanguage } from '../../../../lib/language.ts';
import { formatDateTime } from '../../../../lib/locale-format.ts';
import { notify } from '../../../../lib/notify.ts';
import { FraudSection } from '../shared/fraud-section.tsx';
import { screeningEndpoints as api } from './endpoints.ts';
import { HitExplanation } from './explanation.tsx';
import {
  type TryQuery,
  useScreeningActions,
  useScreeningLists,
  useScreeningSettings,
  useTryName,
} from './screening-api.ts';

/** The rescreen's progress: the runs page's panel, loaded once a rescreen starts. */
const RunPanel = lazy(async () => ({ default: (await import('../runs/run-panel.tsx')).RunPanel }));

const MAX_MB = fraudApi.SCREENING_MAX_FILE_BYTES / 1024 / 1024;

function ListsCard() {
  const { t } = useTranslation('fraudScreening');
  const { locale } = useLanguage();
  const lists = useScreeningLists();
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {t('lists.title')}
      </Title>
      {lists.isPending ? (
        <Loader size="sm" aria-label={t('lists.loading')} />
      ) : lists.isError ? (
        <Alert color="red">{errorText(lists.error)}</Alert>
      ) : lists.data.items.length === 0 ? (
        <Text c="dimmed">{t('lists.empty')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped data-testid="screening-lists">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('lists.name')}</Table.Th>
                <Table.Th>{t('lists.format')}</Table.Th>
                <Table.Th ta="right">{t('lists.entries')}</Table.Th>
                <Table.Th>{t('lists.file')}</Table.Th>
                <Table.Th>{t('lists.importedAt')}</Table.Th>
                <Table.Th>{t('lists.importedBy')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lists.data.items.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{l.name}</Table.Td>
                  <Table.Td>{t(`format.${l.format}`)}</Table.Td>
                  <Table.Td ta="right">{formatInteger(locale, l.entry_count)}</Table.Td>
                  <Table.Td>{l.file_name ?? '—'}</Table.Td>
                  <Table.Td>{formatDateTime(locale, l.imported_at)}</Table.Td>
                  <Table.Td>{l.imported_by ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/** Upload a list file; one Idempotency-Key per opened form, so a retried submit imports once. */
function ImportModal({ onClose, onStarted }: { onClose: () => void; onStarted: (runId: number) => void }) {
  const { t } = useTranslation('fraudScreening');
  const { importList } = useScreeningActions();
  const [key] = useState(() => crypto.randomUUID());
  const [name, setName] = useState('');
  const [format, setFormat] = useState<fraudApi.ScreeningListFormat | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ name?: string; format?: string; file?: string }>({});

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = {
      name: name.trim().length >= 2 ? undefined : t('import.nameRequired'),
      format: format ? undefined : t('import.formatRequired'),
      file: !file
        ? t('import.fileRequired')
        : file.size > fraudApi.SCREENING_MAX_FILE_BYTES
          ? t('import.tooLarge', { max: MAX_MB })
          : undefined,
    };
    setErrors(found);
    if (found.name || found.format || found.file || !file || !format) return;
    try {
      const result = await importList.mutateAsync({ key, file, query: { name: name.trim(), format } });
      notify({
        title: t('import.done', {
          name: result.list.name,
          added: result.added,
          updated: result.updated,
          removed: result.removed,
        }),
        color: 'green',
      });
      onStarted(result.run_id);
      onClose();
    } catch {
      // Shown above the form in the member's language.
    }
  };

  return (
    <ModalForm
      onClose={onClose}
      title={t('import.title')}
      centered
      size="lg"
      onSubmit={onSubmit}
      failure={importList.isError ? errorText(importList.error) : null}
      testId="screening-import-form"
      failureTestId="screening-import-failure"
      actions={{
        submitLabel: t('import.submit'),
        submitting: importList.isPending,
        submitTestId: 'screening-import-submit',
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('import.name')}
          description={t('import.nameHint')}
          name="name"
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
        />
        <Select
          label={t('import.format')}
          name="format"
          required
          data={keyOptions(fraudApi.SCREENING_LIST_FORMATS, (f) => t(`format.${f}`))}
          value={format}
          onChange={(v) => setFormat(v as fraudApi.ScreeningListFormat | null)}
          error={errors.format}
          comboboxProps={{ withinPortal: true }}
          data-testid="screening-import-format"
        />
      </SimpleGrid>
      <FileInput
        label={t('import.file')}
        description={t('import.fileHint', { max: MAX_MB })}
        name="file"
        required
        clearable
        accept=".csv,.xml,text/csv,application/xml,text/xml"
        value={file}
        onChange={setFile}
        error={errors.file}
        data-testid="screening-import-file"
      />
    </ModalForm>
  );
}

function ThresholdCard() {
  const { t } = useTranslation('fraudScreening');
  const { locale } = useLanguage();
  const can = useCan();
  const settings = useScreeningSettings();
  const { updateSettings } = useScreeningActions();
  const [draft, setDraft] = useState<number | string | null>(null);
  if (settings.isPending) return <Loader size="sm" aria-label={t('threshold.loading')} />;
  if (settings.isError) return <Alert color="red">{errorText(settings.error)}</Alert>;
  const editable = can(api.updateSettings);
  const value = draft ?? settings.data.threshold;
  const decimal = locale.startsWith('tr') ? ',' : '.';
  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await updateSettings.mutateAsync({ threshold: Number(value), version: settings.data.version });
      setDraft(null);
      notify({ title: t('threshold.saved'), color: 'green' });
    } catch {
      // Shown under the field.
    }
  };
  return (
    <Card withBorder component="form" onSubmit={save}>
      <Title order={2} size="h4" mb="xs">
        {t('threshold.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('threshold.description')}
      </Text>
      <Group align="flex-end">
        <NumberInput
          label={t('threshold.label')}
          name="threshold"
          min={fraudApi.SCREENING_THRESHOLD.min}
          max={fraudApi.SCREENING_THRESHOLD.max}
          step={0.01}
          decimalScale={2}
          decimalSeparator={decimal}
          value={value}
          onChange={setDraft}
          readOnly={!editable}
          description={editable ? t('threshold.range') : t('threshold.readOnly')}
          error={updateSettings.isError ? errorText(updateSettings.error) : undefined}
          w={220}
          data-testid="screening-threshold"
        />
        {editable && (
          <Button
            type="submit"
            loading={updateSettings.isPending}
            disabled={draft === null}
            data-testid="screening-threshold-save"
          >
            {t('threshold.save')}
          </Button>
        )}
      </Group>
    </Card>
  );
}

function TryCard() {
  const { t } = useTranslation('fraudScreening');
  const [name, setName] = useState('');
  const [birthDate, setBirthDate] = useState<string | null>(null);
  const [nationality, setNationality] = useState('');
  const [query, setQuery] = useState<TryQuery | null>(null);
  const result = useTryName(query);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (name.trim().length < 2) return;
    setQuery({
      name: name.trim(),
      ...(birthDate ? { birth_date: String(birthDate).slice(0, 10) } : {}),
      ...(nationality.trim() ? { nationality: nationality.trim() } : {}),
    });
  };
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="xs">
        {t('try.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('try.description')}
      </Text>
      <form onSubmit={submit} data-testid="screening-try-form">
        <SimpleGrid cols={{ base: 1, sm: 4 }} verticalSpacing="xs">
          <TextInput
            label={t('try.name')}
            name="name"
            required
            maxLength={200}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-testid="screening-try-name"
          />
          <DateField
            label={t('try.birthDate')}
            name="birth_date"
            value={birthDate}
            onChange={(v) => setBirthDate(v ? String(v) : null)}
          />
          <TextInput
            label={t('try.nationality')}
            description={t('try.nationalityHint')}
            name="nationality"
            maxLength={2}
            value={nationality}
            onChange={(e) => setNationality(e.currentTarget.value)}
          />
          <Button
            type="submit"
            leftSection={<IconSearch size={16} aria-hidden />}
            mt={{ sm: 24 }}
            data-testid="screening-try-submit"
          >
            {t('try.submit')}
          </Button>
        </SimpleGrid>
      </form>
      {query && (
        <Stack gap="xs" mt="md" data-testid="screening-try-results" aria-live="polite">
          {result.isError ? (
            <Alert color="red">{errorText(result.error)}</Alert>
          ) : !result.data ? (
            <Loader size="sm" aria-label={t('try.searching')} />
          ) : result.data.hits.length === 0 ? (
            <Text c="dimmed">{t('try.none')}</Text>
          ) : (
            result.data.hits.map((hit) => (
              <HitExplanation key={hit.entry.id} hit={hit} threshold={result.data.threshold} />
            ))
          )}
        </Stack>
      )}
    </Card>
  );
}

/** /compliance/fraud-check/screening: the lists, importing one, the threshold, rescreening, and the name explainer. */
export function ScreeningPage() {
  const { t } = useTranslation('fraudScreening');
  const can = useCan();
  const confirm = useConfirm();
  const { rescreen } = useScreeningActions();
  const [importing, setImporting] = useState(false);
  const [runId, setRunId] = useState<number | null>(null);

  const startRescreen = () =>
    confirm.ask({
      title: t('rescreen.confirmTitle'),
      message: t('rescreen.confirm'),
      confirmLabel: t('rescreen.button'),
      onConfirm: async () => {
        try {
          const result = await rescreen.mutateAsync(crypto.randomUUID());
          setRunId(result.run_id);
          notify({ title: t('rescreen.started'), color: 'green' });
        } catch (error) {
          notify({ title: errorText(error), color: 'red' });
          throw error;
        }
      },
    });

  return (
    <FraudSection
      actions={
        can(api.import) ? (
          <Group gap="xs">
            <Button
              leftSection={<IconFileImport size={16} aria-hidden />}
              onClick={() => setImporting(true)}
              data-testid="screening-import-open"
            >
              {t('import.open')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={startRescreen}
              loading={rescreen.isPending}
              data-testid="screening-rescreen"
            >
              {t('rescreen.button')}
            </Button>
          </Group>
        ) : undefined
      }
    >
      <Stack gap="md">
        {runId !== null && (
          <Card withBorder data-testid="screening-run">
            <Title order={2} size="h4" mb="xs">
              {t('rescreen.title')}
            </Title>
            <Suspense fallback={<Loader size="sm" />}>
              <RunPanel runId={runId} />
            </Suspense>
          </Card>
        )}
        <ListsCard />
        <ThresholdCard />
        <TryCard />
      </Stack>
      {confirm.dialog}
      {importing && <ImportModal onClose={() => setImporting(false)} onStarted={setRunId} />}
    </FraudSection>
  );
}
