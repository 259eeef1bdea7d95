import { ActionIcon, Alert, Button, Group, Paper, Table, Text, TextInput } from '@mantine/core';
import { IconCheck, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/forms/date-fields.tsx';
import { DecimalInput } from '../../components/forms/decimal-input.tsx';
import { useCan } from '../../lib/can.ts';
import { errorText } from '../../lib/errors.ts';
import { useLanguage } from '../../lib/language.ts';
import { formatDay, formatDecimal, parseDecimal } from '../../lib/locale-format.ts';
import { ratesEndpoints, useReportRates, useSetReportRate } from './rates-api.ts';
import { Decimal } from './report-view.ts';

/** The dated rates behind the financial report's totals; admins add and edit them (audited). */
export function RatesPanel() {
  const { t } = useTranslation('reports');
  const { locale } = useLanguage();
  const can = useCan();
  const rates = useReportRates();
  const save = useSetReportRate();
  const editable = can(ratesEndpoints.set);
  const [editing, setEditing] = useState<{ id: number; text: string } | null>(null);
  const [draft, setDraft] = useState({ asset: '', validFrom: '', rate: '' });
  const [key, setKey] = useState(() => crypto.randomUUID());

  const submit = (body: Parameters<typeof save.mutate>[0]['body']) =>
    save.mutate(
      { body, key },
      {
        onSuccess: () => {
          setEditing(null);
          setDraft({ asset: '', validFrom: '', rate: '' });
          setKey(crypto.randomUUID());
        },
      },
    );
  const parsed = (text: string) => {
    const p = parseDecimal(text, locale);
    return p.ok ? p.value : text;
  };

  return (
    <Paper withBorder radius="md" p="md" mb="md" data-testid="report-rates" data-report-controls>
      <Text fw={600} size="sm">
        {t('rates.title', { currency: rates.data?.currency ?? '' })}
      </Text>
      <Text size="xs" c="dimmed" mb="sm">
        {t('rates.hint')}
      </Text>
      {save.error && (
        <Alert color="red" variant="light" mb="sm">
          {errorText(save.error)}
        </Alert>
      )}
      <Table fz="sm" verticalSpacing={4} maw={560}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('dimensions.asset')}</Table.Th>
            <Table.Th scope="col">{t('rates.validFrom')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('rates.rate')}
            </Table.Th>
            {editable && <Table.Th scope="col" aria-label={t('rates.edit')} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(rates.data?.items ?? []).map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.asset}</Table.Td>
              <Table.Td>{formatDay(locale, r.valid_from)}</Table.Td>
              <Table.Td ta="right">
                {editing?.id === r.id ? (
                  <DecimalInput
                    size="xs"
                    aria-label={t('rates.rate')}
                    value={editing.text}
                    onChange={(text) => setEditing({ id: r.id, text })}
                  />
                ) : (
                  formatDecimal(locale, new Decimal(r.rate).toFixed())
                )}
              </Table.Td>
              {editable && (
                <Table.Td w={48}>
                  {editing?.id === r.id ? (
                    <ActionIcon
                      variant="light"
                      aria-label={t('rates.save')}
                      loading={save.isPending}
                      onClick={() =>
                        submit({
                          asset: r.asset,
                          valid_from: r.valid_from,
                          rate: parsed(editing.text),
                          id: r.id,
                          version: r.version,
                        })
                      }
                    >
                      <IconCheck size={16} />
                    </ActionIcon>
                  ) : (
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('rates.editOf', {
                        asset: r.asset,
                        date: formatDay(locale, r.valid_from),
                      })}
                      onClick={() =>
                        setEditing({ id: r.id, text: formatDecimal(locale, new Decimal(r.rate).toFixed()) })
                      }
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {editable && (
        <Group align="flex-end" gap="xs" mt="sm">
          <TextInput
            label={t('dimensions.asset')}
            w={100}
            value={draft.asset}
            onChange={(e) => setDraft({ ...draft, asset: e.currentTarget.value.toUpperCase() })}
          />
          <DateField
            label={t('rates.validFrom')}
            w={150}
            value={draft.validFrom || null}
            onChange={(v) => setDraft({ ...draft, validFrom: v ? String(v).slice(0, 10) : '' })}
          />
          <DecimalInput
            label={t('rates.rate')}
            w={140}
            value={draft.rate}
            onChange={(rate) => setDraft({ ...draft, rate })}
          />
          <Button
            variant="default"
            loading={save.isPending}
            disabled={!draft.asset || !draft.validFrom || !draft.rate}
            onClick={() =>
              submit({ asset: draft.asset, valid_from: draft.validFrom, rate: parsed(draft.rate) })
            }
          >
            {t('rates.add')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
