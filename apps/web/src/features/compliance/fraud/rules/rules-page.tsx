import type { fraudApi } from '@backdesk/contract';
import type { FraudRuleCode } from '@backdesk/contract/fraud/keys';
import { Badge, Button, Group, Loader, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRecordHistory } from '../../../../components/audit-trail/index.ts';
import { useCan } from '../../../../lib/can.ts';
import { errorText } from '../../../../lib/errors.ts';
import { SeverityBadge } from '../alerts/badges.tsx';
import { FraudSection } from '../shared/fraud-section.tsx';
import { ruleEndpoints } from './endpoints.ts';
import { RuleEditorDrawer } from './rule-editor.tsx';
import { ParamsText } from './rule-params.tsx';
import { RuleQualityCell } from './rule-quality.tsx';
import { RuleVersionsDrawer } from './rule-versions.tsx';
import { useRules } from './rules-api.ts';

type Rule = fraudApi.FraudRule;

/**
 * The rules with the setting in force and how right their alerts were over 30 and 90 days. Members who
 * configure edit a rule (backtest, then a new version with a reason); everyone may read its versions.
 */
export function RulesPage() {
  const { t } = useTranslation(['fraudRules', 'fraud', 'audit']);
  const can = useCan();
  const { data, error } = useRules();
  const [editing, setEditing] = useState<FraudRuleCode>();
  const [versionsOf, setVersionsOf] = useState<FraudRuleCode>();
  const history = useRecordHistory((r: Rule) => ({
    entity: 'fraud_rule',
    entityId: r.code,
    title: t('rules.historyOf', { rule: t(`fraud:rules.${r.code}`) }),
  }));
  const rules = data?.items ?? [];
  const find = (code: FraudRuleCode | undefined) => rules.find((r) => r.code === code);
  return (
    <FraudSection>
      {error ? (
        <Text c="red.8">{errorText(error)}</Text>
      ) : !data ? (
        <Loader size="sm" aria-label={t('rules.loading')} />
      ) : (
        <Table.ScrollContainer minWidth={1000}>
          <Table striped highlightOnHover verticalSpacing="sm" data-testid="fraud-rules">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('rules.columns.rule')}</Table.Th>
                <Table.Th>{t('rules.columns.thresholds')}</Table.Th>
                <Table.Th>{t('rules.columns.severity')}</Table.Th>
                <Table.Th>{t('rules.columns.version')}</Table.Th>
                <Table.Th>{t('rules.columns.quality30')}</Table.Th>
                <Table.Th>{t('rules.columns.quality90')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('rules.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rules.map((r) => (
                <Table.Tr key={r.code} data-rule={r.code} data-version={r.current_version}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {t(`fraud:rules.${r.code}`)}
                    </Text>
                    {!r.enabled && (
                      <Badge color="gray" variant="outline" size="sm">
                        {t('rules.off')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td data-testid="rule-thresholds">
                    <Text size="sm">
                      <ParamsText code={r.code} params={r.params} />
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <SeverityBadge severity={r.severity} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{t('rules.versionOf', { version: r.current_version })}</Text>
                    <Text size="xs" c="dimmed" lineClamp={2} title={r.reason ?? undefined}>
                      {r.reason ?? (r.changed_by === null ? t('rules.versions.initial') : null)}
                    </Text>
                  </Table.Td>
                  {r.quality.map((q) => (
                    <Table.Td key={q.days}>
                      <RuleQualityCell quality={q} />
                    </Table.Td>
                  ))}
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setVersionsOf(r.code)}
                        data-testid="rule-versions-open"
                      >
                        {t('rules.versionsButton')}
                      </Button>
                      {history.button(r, 'rule-history')}
                      {can(ruleEndpoints.update) && (
                        <Button size="xs" onClick={() => setEditing(r.code)} data-testid="rule-edit">
                          {t('rules.edit')}
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <RuleEditorDrawer rule={find(editing)} onClose={() => setEditing(undefined)} />
      <RuleVersionsDrawer
        code={versionsOf}
        currentVersion={find(versionsOf)?.current_version}
        onClose={() => setVersionsOf(undefined)}
      />
      {history.drawer}
    </FraudSection>
  );
}
