import type { Vasp } from '@backdesk/contract';
import {
  TRAVEL_RULE_JURISDICTIONS,
  VASP_DUE_DILIGENCE,
  VASP_PROTOCOLS,
} from '@backdesk/contract/compliance/keys';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateField, ModalForm, useContractForm } from '../../../components/forms/index.ts';
import { keyOptions } from '../../../lib/key-options.ts';
import { notify } from '../../../lib/notify.ts';
import { useSaveVasp } from './travel-rule-api.ts';

/** An empty text is "not given": the contract takes null, never an empty string. */
const orNull = (value: string) => (value.trim() === '' ? null : value);

/**
 * Adds a VASP to the directory or edits one at the version it was read (a stale edit is refused,
 * R21). The LEI is checked as the server checks it: 20 characters with ISO 17442's check digits.
 */
export function VaspForm({ vasp, onClose }: { vasp?: Vasp; onClose: () => void }) {
  const { t } = useTranslation('travelRule');
  const save = useSaveVasp();
  const { form, failure, submit } = useContractForm({
    initialValues: {
      name: vasp?.name ?? '',
      lei: vasp?.lei ?? '',
      jurisdiction: (vasp?.jurisdiction ?? null) as string | null,
      country: vasp?.country ?? '',
      licence: vasp?.licence ?? '',
      protocol: vasp?.protocol ?? 'trp',
      due_diligence: vasp?.due_diligence ?? 'pending',
      review_date: (vasp?.review_date ?? null) as string | null,
    },
    schema: (c) => c.complianceApi.VaspBodySchema,
    toInput: (v) => ({
      ...v,
      lei: orNull(v.lei.toUpperCase()),
      country: orNull(v.country.toUpperCase()),
      licence: orNull(v.licence),
    }),
  });

  const onSubmit = submit(async (body) => {
    await save.mutateAsync({ body, id: vasp?.id, version: vasp?.version });
    notify({ title: t(vasp ? 'vasp.updated' : 'vasp.created'), color: 'green' });
    onClose();
  });

  return (
    <ModalForm
      opened
      onClose={onClose}
      title={vasp ? t('vasp.editTitle', { name: vasp.name }) : t('vasp.new')}
      size="lg"
      gap="sm"
      onSubmit={onSubmit}
      failure={failure}
      testId="vasp-form"
      actions={{
        submitLabel: t(vasp ? 'vasp.save' : 'vasp.create'),
        submitting: form.submitting,
        submitTestId: 'vasp-submit',
      }}
    >
      <TextInput label={t('columns.name')} name="name" required {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('columns.lei')}
          description={t('vasp.leiHint')}
          name="lei"
          maxLength={20}
          {...form.getInputProps('lei')}
        />
        <TextInput label={t('columns.licence')} name="licence" {...form.getInputProps('licence')} />
        <Select
          label={t('columns.jurisdiction')}
          data={keyOptions(TRAVEL_RULE_JURISDICTIONS, (j) => t(`jurisdiction.${j}`))}
          clearable
          name="jurisdiction"
          {...form.getInputProps('jurisdiction')}
        />
        <TextInput
          label={t('columns.country')}
          description={t('vasp.countryHint')}
          name="country"
          maxLength={2}
          {...form.getInputProps('country')}
        />
        <Select
          label={t('columns.protocol')}
          data={keyOptions(VASP_PROTOCOLS, (p) => t(`protocol.${p}`))}
          allowDeselect={false}
          name="protocol"
          {...form.getInputProps('protocol')}
        />
        <Select
          label={t('columns.dueDiligence')}
          data={keyOptions(VASP_DUE_DILIGENCE, (d) => t(`dueDiligence.${d}`))}
          allowDeselect={false}
          name="due_diligence"
          data-testid="vasp-due-diligence-select"
          {...form.getInputProps('due_diligence')}
        />
        <DateField
          label={t('columns.reviewDate')}
          name="review_date"
          {...form.getInputProps('review_date')}
        />
      </SimpleGrid>
    </ModalForm>
  );
}
