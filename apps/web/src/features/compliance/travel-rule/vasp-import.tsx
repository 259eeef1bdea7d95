import type { VaspImportRow } from '@backdesk/contract';
import { Alert, Button, FileButton, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../lib/api.ts';
import { errorText, type FieldIssue, issueText } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';
import { useImportVasps } from './travel-rule-api.ts';
import { type ImportFile, readImportFile, VASP_IMPORT_COLUMNS } from './vasp-import-file.ts';

type RowIssue = { line: number; field: string; text: string };

/** The server's issues (`rows.3.lei`) as the officer finds them: file line, column, problem. */
function rowIssues(issues: readonly FieldIssue[], lineOf: (index: number) => number): RowIssue[] {
  return issues.map((issue) => {
    const [, index, ...field] = issue.path.split('.');
    return {
      line: index === undefined ? 0 : lineOf(Number(index)),
      field: field.join('.'),
      text: issueText(issue),
    };
  });
}

/**
 * Imports the directory from a CSV or JSON file. All or nothing: one bad row and no row is applied,
 * and every bad row is listed with its line, so the officer fixes the file and imports it again.
 * VASPs are matched by LEI: importing the same file twice changes nothing the second time.
 */
export function VaspImportModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['travelRule', 'common']);
  const run = useImportVasps();
  const [file, setFile] = useState<{ name: string; read: ImportFile } | null>(null);
  const [issues, setIssues] = useState<RowIssue[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const pick = async (picked: File | null) => {
    setIssues(null);
    setFailure(null);
    if (!picked) return;
    setFile({ name: picked.name, read: readImportFile(picked.name, await picked.text()) });
  };

  const apply = async () => {
    if (!file?.read.ok) return;
    const { rows, lineOf } = file.read;
    try {
      const done = await run.mutateAsync(rows as VaspImportRow[]);
      notify({ title: t('import.done', done), color: 'green' });
      onClose();
    } catch (error) {
      const found = error instanceof ApiRequestError ? (error.body?.issues ?? []) : [];
      if (found.length > 0) setIssues(rowIssues(found, lineOf));
      else setFailure(errorText(error));
    }
  };

  const read = file?.read;
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('import.title')}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
      data-testid="vasp-import"
    >
      <Stack gap="sm">
        <Text size="sm">{t('import.hint', { columns: VASP_IMPORT_COLUMNS.join(', ') })}</Text>
        <Alert variant="light" color="blue" data-testid="vasp-import-rule">
          {t('import.allOrNothing')}
        </Alert>
        <Group>
          <FileButton onChange={(f) => void pick(f)} accept=".csv,.json,text/csv,application/json">
            {(props) => (
              <Button
                variant="default"
                leftSection={<IconFileImport size={16} />}
                {...props}
                data-testid="vasp-import-pick"
              >
                {t('import.pick')}
              </Button>
            )}
          </FileButton>
          {file && (
            <Text size="sm" data-testid="vasp-import-file">
              {read?.ok ? t('import.rows', { name: file.name, count: read.rows.length }) : file.name}
            </Text>
          )}
        </Group>
        {read && !read.ok && (
          <Alert color="red" variant="light" data-testid="vasp-import-unreadable">
            {t(`import.problem.${read.problem}`, { detail: read.detail ?? '' })}
          </Alert>
        )}
        {failure && (
          <Alert color="red" variant="light">
            {failure}
          </Alert>
        )}
        {issues && (
          <Stack gap={4} data-testid="vasp-import-issues">
            {/* red.8 on the dark background is below 4.5:1: a lighter red there. */}
            <Text size="sm" fw={600} c="light-dark(var(--mantine-color-red-8), var(--mantine-color-red-4))">
              {t('import.refused', { count: issues.length })}
            </Text>
            <ScrollArea.Autosize mah={280}>
              <Table striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('import.line')}</Table.Th>
                    <Table.Th>{t('import.column')}</Table.Th>
                    <Table.Th>{t('import.problemColumn')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {issues.map((issue) => (
                    <Table.Tr key={`${issue.line}:${issue.field}:${issue.text}`}>
                      <Table.Td>{issue.line || '—'}</Table.Td>
                      <Table.Td ff="monospace">{issue.field || '—'}</Table.Td>
                      <Table.Td>{issue.text}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('record.cancel')}
          </Button>
          <Button
            onClick={() => void apply()}
            disabled={!read?.ok}
            loading={run.isPending}
            data-testid="vasp-import-apply"
          >
            {t('import.apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
