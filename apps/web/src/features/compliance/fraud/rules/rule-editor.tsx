import type { fraudApi } from '@backdesk/contract';
import {
  BACKTEST_DAYS,
  BACKTEST_PERIODS,
  FRAUD_SEVERITIES,
  type FraudSeverity,
} from '@backdesk/contract/fraud/keys';
import {
  Alert,
  Button,
  Divider,
  Drawer,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecimalInput, FormShell, useContractForm } from '../../../../components/forms/index.ts';
import { loadContract } from '../../../../lib/contract.ts';
import { errorText, fromZodIssue, issuesByField } from '../../../../lib/errors.ts';
import { useLanguage } from '../../../../lib/language.ts';
import { formatDecimal, parseDecimal } from '../../../../lib/locale-format.ts';
import { notify } from '../../../../lib/notify.ts';
import { RunPanel } from '../runs/run-panel.tsx';
import { useRun } from '../runs/runs-api.ts';
import { BacktestResult } from './backtest-result.tsx';
import { type ParamField, RULE_PARAM_FIELDS, ScreeningThresholdNote } from './rule-params.tsx';
import { useStartBacktest, useUpdateRule } from './rules-api.ts';

type Rule = fraudApi.FraudRule;
type ParamValues = Partial<Record<ParamField, number | string>>;
interface Values extends Record<string, unknown> {
  params: ParamValues;
  severity: FraudSeverity;
  enabled: boolean;
  reason: string;
}

/** The input each threshold takes: whole numbers or an exact amount. */
const NUMBER_BOUNDS: Partial<
  Record<ParamField, { min: number; max: number; decimals?: number; step?: number }>
> = {
  count: { min: 2, max: 1000 },
  windowMinutes: { min: 1, max: 43_200 },
  withinMinutes: { min: 1, max: 10_080 },
  minPercent: { min: 1, max: 100 },
};

/** Edits a rule (R45): backtest the proposed setting first, then save it as a new version with a reason. */
export function RuleEditorDrawer({ rule, onClose }: { rule: Rule | undefined; onClose: () => void }) {
  const { t } = useTranslation(['fraudRules', 'fraud']);
  return (
    <Drawer
      opened={rule !== undefined}
      onClose={onClose}
      position="right"
      size="xl"
      closeButtonProps={{ 'aria-label': t('close') }}
      title={
        rule
          ? t('rules.editTitle', { rule: t(`fraud:rules.${rule.code}`), version: rule.current_version })
          : undefined
      }
    >
      {rule && <RuleEditor key={rule.code} rule={rule} onClose={onClose} />}
    </Drawer>
  );
}

function RuleEditor({ rule, onClose }: { rule: Rule; onClose: () => void }) {
  const { t } = useTranslation(['fraudRules', 'fraud']);
  const { locale } = useLanguage();
  const fields = RULE_PARAM_FIELDS[rule.code];
  const update = useUpdateRule();
  const startBacktest = useStartBacktest();
  const [saveKey] = useState(() => crypto.randomUUID());
  const [backtest, setBacktest] = useState<{ runId: number; setting: string; days: number } | null>(null);
  const [days, setDays] = useState<number>(BACKTEST_DAYS);
  const [saved, setSaved] = useState<{ version: number; rescanRunId: number | null } | null>(null);

  const toParams = (p: ParamValues) =>
    Object.fromEntries(
      fields.map((f) => {
        const v = p[f];
        if (f !== 'minAmount') return [f, v === '' ? undefined : v];
        const parsed = parseDecimal(String(v ?? ''), locale);
        return [f, parsed.ok ? parsed.value : String(v ?? '')];
      }),
    );
  const setting = (v: Values) => ({
    code: rule.code,
    params: toParams(v.params),
    severity: v.severity,
    enabled: v.enabled,
  });

  const { form, failure, setFailure, submit } = useContractForm<Values, fraudApi.UpdateFraudRuleBody>({
    initialValues: {
      params: Object.fromEntries(
        fields.map((f) => [
          f,
          f === 'minAmount' ? formatDecimal(locale, String(rule.params[f])) : (rule.params[f] as number),
        ]),
      ),
      severity: rule.severity,
      enabled: rule.enabled,
      reason: '',
    },
    schema: (c) => c.fraudApi.UpdateFraudRuleBodySchema,
    toInput: (v) => ({ ...setting(v), version: rule.version, reason: v.reason }),
  });
  const current = JSON.stringify(setting(form.getValues()));
  const run = useRun(backtest?.runId);
  const result =
    backtest && run.data?.run.status === 'done' ? (run.data.run.result as fraudApi.BacktestResult) : null;

  /** Checks the setting alone (no reason yet) with the contract, then starts the backtest run. */
  async function runBacktest() {
    setFailure(null);
    const body = setting(form.getValues());
    const parsed = (await loadContract()).fraudApi.BacktestBodySchema.safeParse({ ...body, days });
    if (!parsed.success) {
      form.setErrors(issuesByField(parsed.error.issues.map(fromZodIssue)));
      return;
    }
    try {
      const { runId } = await startBacktest.mutateAsync({ key: crypto.randomUUID(), body: parsed.data });
      setBacktest({ runId, setting: JSON.stringify(body), days });
    } catch (error) {
      setFailure(errorText(error));
    }
  }

  const onSubmit = submit(async (body) => {
    const answer = await update.mutateAsync({ key: saveKey, body });
    notify({
      title: t('rules.form.saved', {
        rule: t(`fraud:rules.${rule.code}`),
        version: answer.rule.current_version,
      }),
      color: 'green',
    });
    setSaved({ version: answer.rule.current_version, rescanRunId: answer.rescanRunId });
  });

  if (saved)
    return (
      <Stack data-testid="rule-saved">
        <Alert color="green" variant="light" title={t('rules.form.savedTitle', { version: saved.version })}>
          {saved.rescanRunId ? t('rules.form.rescanStarted') : t('rules.form.savedOff')}
        </Alert>
        {saved.rescanRunId && <RunPanel runId={saved.rescanRunId} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('rules.form.close')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <FormShell
      onSubmit={onSubmit}
      failure={failure}
      testId="rule-form"
      actions={{
        submitLabel: t('rules.form.save', { version: rule.current_version + 1 }),
        submitting: update.isPending,
        onCancel: onClose,
        submitTestId: 'rule-save',
      }}
    >
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          {rule.code === 'screening_hit' ? <ScreeningThresholdNote /> : t('rules.noThresholdsHint')}
        </Text>
      ) : (
        <SimpleGrid cols={2}>
          {fields.map((f) =>
            f === 'minAmount' ? (
              <DecimalInput
                key={f}
                label={t(`rules.params.${f}`)}
                name={`params.${f}`}
                {...form.getInputProps(`params.${f}`)}
              />
            ) : (
              <NumberInput
                key={f}
                label={t(`rules.params.${f}`)}
                name={`params.${f}`}
                min={NUMBER_BOUNDS[f]?.min}
                max={NUMBER_BOUNDS[f]?.max}
                step={NUMBER_BOUNDS[f]?.step ?? 1}
                allowDecimal={Boolean(NUMBER_BOUNDS[f]?.decimals)}
                // Out of range stays as typed and is refused in words, rather than silently changed.
                clampBehavior="none"
                decimalScale={NUMBER_BOUNDS[f]?.decimals}
                decimalSeparator={locale.startsWith('tr') ? ',' : '.'}
                description={t('rules.form.range', {
                  min: new Intl.NumberFormat(locale).format(NUMBER_BOUNDS[f]?.min ?? 0),
                  max: new Intl.NumberFormat(locale).format(NUMBER_BOUNDS[f]?.max ?? 0),
                })}
                data-testid={`param-${f}`}
                {...form.getInputProps(`params.${f}`)}
              />
            ),
          )}
        </SimpleGrid>
      )}
      <SimpleGrid cols={2}>
        <Select
          label={t('rules.form.severity')}
          data={FRAUD_SEVERITIES.map((s) => ({ value: s, label: t(`fraud:severity.${s}`) }))}
          allowDeselect={false}
          data-testid="rule-severity"
          {...form.getInputProps('severity')}
        />
        <Switch
          mt="xl"
          label={t('rules.form.enabled')}
          data-testid="rule-enabled"
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
      </SimpleGrid>

      <Divider label={t('rules.backtest.title')} labelPosition="left" />
      {rule.code === 'screening_hit' && (
        <Text size="sm" c="dimmed">
          {t('rules.backtest.screeningHint')}
        </Text>
      )}
      <Group align="flex-end">
        <Select
          label={t('rules.backtest.period')}
          data={BACKTEST_PERIODS.map((d) => ({
            value: String(d),
            label: t('rules.backtest.days', { count: d }),
          }))}
          value={String(days)}
          onChange={(value) => setDays(Number(value ?? BACKTEST_DAYS))}
          allowDeselect={false}
          w={180}
          data-testid="backtest-days"
        />
        <Button
          variant="outline"
          onClick={runBacktest}
          loading={startBacktest.isPending}
          data-testid="rule-backtest"
        >
          {t('rules.backtest.start')}
        </Button>
      </Group>
      {backtest && <RunPanel runId={backtest.runId} />}
      {result && backtest && (
        <>
          {(backtest.setting !== current || backtest.days !== days) && (
            <Alert color="yellow" variant="light" data-testid="backtest-stale">
              {t('rules.backtest.stale')}
            </Alert>
          )}
          <BacktestResult result={result} />
        </>
      )}

      <Textarea
        label={t('rules.form.reason')}
        description={t('rules.form.reasonHint')}
        name="reason"
        autosize
        minRows={2}
        data-testid="rule-reason"
        {...form.getInputProps('reason')}
      />
    </FormShell>
  );
}
