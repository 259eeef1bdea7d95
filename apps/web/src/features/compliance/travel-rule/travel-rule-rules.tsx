import type { TravelRuleJurisdictionRule, TravelRuleRules, TravelRuleSettings } from '@backdesk/contract';
import {
  TRAVEL_RULE_CURRENCIES,
  TRAVEL_RULE_FIELDS,
  TRAVEL_RULE_JURISDICTIONS,
  type TravelRuleJurisdiction,
} from '@backdesk/contract/compliance/keys';
import {
  Badge,
  Button,
  Card,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditTrailDrawer } from '../../../components/audit-trail/index.ts';
import {
  DecimalInput,
  decimalInputText,
  FormShell,
  useContractForm,
} from '../../../components/forms/index.ts';
import { useCan } from '../../../lib/can.ts';
import { keyOptions } from '../../../lib/key-options.ts';
import { useLanguage } from '../../../lib/language.ts';
import { parseDecimal } from '../../../lib/locale-format.ts';
import { notify } from '../../../lib/notify.ts';
import { travelRuleEndpoints } from './endpoints.ts';
import { settingsOptions, useUpdateRules } from './travel-rule-api.ts';
import { TravelRuleSection } from './travel-rule-section.tsx';

/** A rule as the form holds it: amounts as the member types them, in their locale. */
type RuleValues = Omit<TravelRuleJurisdictionRule, 'threshold' | 'self_hosted_proof_from'> & {
  threshold: string;
  self_hosted_proof_from: string;
};

/** The rules per jurisdiction (decision 0026): admins and supers change them, managers read them. */
export function TravelRuleRulesPage() {
  const settings = useQuery(settingsOptions());
  return (
    <TravelRuleSection>
      {settings.data && <RulesForm key={settings.data.version} settings={settings.data} />}
    </TravelRuleSection>
  );
}

function RulesForm({ settings }: { settings: TravelRuleSettings }) {
  const { t } = useTranslation('travelRule');
  const { locale } = useLanguage();
  const canEdit = useCan()(travelRuleEndpoints.updateSettings);
  const update = useUpdateRules();
  const [historyOpen, setHistoryOpen] = useState(false);
  // A typed amount the locale cannot read goes on as typed, so the contract's rule refuses it at its field.
  const canonical = (text: string) => {
    const parsed = parseDecimal(text, locale);
    return parsed.ok ? parsed.value : text;
  };
  const { form, failure, submit } = useContractForm({
    initialValues: {
      rules: Object.fromEntries(
        TRAVEL_RULE_JURISDICTIONS.map((j) => {
          const rule = settings.rules[j];
          return [
            j,
            {
              ...rule,
              threshold: decimalInputText(locale, rule.threshold) || '0',
              self_hosted_proof_from: decimalInputText(locale, rule.self_hosted_proof_from),
            },
          ];
        }),
      ) as Record<TravelRuleJurisdiction, RuleValues>,
    },
    schema: (c) => c.complianceApi.updateTravelRuleSettings.body,
    toInput: ({ rules }) => ({
      version: settings.version,
      rules: Object.fromEntries(
        Object.entries(rules).map(([j, rule]) => [
          j,
          {
            ...rule,
            threshold: canonical(rule.threshold),
            self_hosted_proof_from:
              rule.self_hosted_proof_from.trim() === '' ? null : canonical(rule.self_hosted_proof_from),
          },
        ]),
      ) as TravelRuleRules,
    }),
  });
  const onSubmit = submit(async (body) => {
    await update.mutateAsync(body);
    notify({ title: t('rules.saved'), color: 'green' });
  });
  const fields = keyOptions(TRAVEL_RULE_FIELDS, (f) => t(`field.${f}`));
  const input = (j: TravelRuleJurisdiction, name: keyof RuleValues) => ({
    name: `rules.${j}.${name}`,
    disabled: !canEdit,
    ...form.getInputProps(`rules.${j}.${name}`),
  });

  const body = (
    <>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t('rules.home', { jurisdiction: t(`jurisdiction.${settings.home}`) })}
          {!canEdit && ` ${t('rules.readOnly')}`}
        </Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconHistory size={16} />}
          onClick={() => setHistoryOpen(true)}
          data-testid="rules-history"
        >
          {t('record.history')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {TRAVEL_RULE_JURISDICTIONS.map((j) => (
          <Card key={j} withBorder padding="md" data-testid={`rule-${j}`}>
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h5">
                {t(`jurisdiction.${j}`)}
              </Title>
              {j === settings.home && (
                <Badge variant="light" color="blue">
                  {t('rules.homeBadge')}
                </Badge>
              )}
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label={t('rules.currency')}
                data={keyOptions(TRAVEL_RULE_CURRENCIES, (c) => c)}
                allowDeselect={false}
                {...input(j, 'currency')}
              />
              <DecimalInput label={t('rules.threshold')} {...input(j, 'threshold')} />
              <Select
                label={t('rules.belowThreshold')}
                data={[
                  { value: 'not_in_scope', label: t('rules.below.not_in_scope') },
                  { value: 'unverified', label: t('rules.below.unverified') },
                ]}
                allowDeselect={false}
                {...input(j, 'below_threshold')}
              />
              <DecimalInput
                label={t('rules.selfHostedFrom')}
                placeholder={t('rules.never')}
                {...input(j, 'self_hosted_proof_from')}
              />
              <NumberInput
                label={t('rules.answerHours')}
                min={1}
                max={24 * 90}
                allowDecimal={false}
                {...input(j, 'answer_hours')}
              />
              <NumberInput
                label={t('rules.retentionYears')}
                description={t('rules.retentionHint')}
                min={1}
                max={30}
                allowDecimal={false}
                {...input(j, 'retention_years')}
              />
            </SimpleGrid>
            <MultiSelect
              mt="sm"
              label={t('rules.requiredFields')}
              data={fields}
              {...input(j, 'required_fields')}
            />
            <MultiSelect
              mt="sm"
              label={t('rules.belowFields')}
              data={fields}
              {...input(j, 'below_threshold_fields')}
            />
          </Card>
        ))}
      </SimpleGrid>
      <AuditTrailDrawer
        record={
          historyOpen
            ? { entity: 'app_setting', entityId: 'travel_rule.rules', title: t('rules.history') }
            : null
        }
        onClose={() => setHistoryOpen(false)}
      />
    </>
  );
  // Managers read the rules: the same fields, disabled, and nothing to submit.
  if (!canEdit) return <Stack data-testid="travel-rule-rules">{body}</Stack>;
  return (
    <FormShell
      onSubmit={onSubmit}
      failure={failure}
      testId="travel-rule-rules"
      actions={{ submitLabel: t('rules.save'), submitting: form.submitting, submitTestId: 'rules-save' }}
    >
      {body}
    </FormShell>
  );
}
