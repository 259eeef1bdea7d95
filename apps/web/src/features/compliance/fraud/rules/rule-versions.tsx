import type { FraudRuleCode } from '@backdesk/contract/fraud/keys';
import { Badge, Drawer, Loader, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../lib/errors.ts';
import { useLanguage } from '../../../../lib/language.ts';
import { formatDateTime } from '../../../../lib/locale-format.ts';
import { ParamsText } from './rule-params.tsx';
import { useRuleVersions } from './rules-api.ts';

/** A rule's versions: what each set, who set it, when and why. */
export function RuleVersionsDrawer({
  code,
  currentVersion,
  onClose,
}: {
  code: FraudRuleCode | undefined;
  currentVersion: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation(['fraudRules', 'fraud']);
  const { locale } = useLanguage();
  const { data, error } = useRuleVersions(code);
  return (
    <Drawer
      opened={code !== undefined}
      onClose={onClose}
      position="right"
      size="xl"
      closeButtonProps={{ 'aria-label': t('close') }}
      title={code ? t('rules.versions.title', { rule: t(`fraud:rules.${code}`) }) : undefined}
    >
      {error ? (
        <Text c="red.8">{errorText(error)}</Text>
      ) : !data || !code ? (
        <Loader size="sm" aria-label={t('rules.loading')} />
      ) : (
        <Table striped verticalSpacing={6} data-testid="rule-versions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('rules.versions.version')}</Table.Th>
              <Table.Th>{t('rules.versions.setting')}</Table.Th>
              <Table.Th>{t('rules.versions.who')}</Table.Th>
              <Table.Th>{t('rules.versions.why')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((v) => (
              <Table.Tr key={v.version} data-version={v.version}>
                <Table.Td>
                  {v.version}{' '}
                  {v.version === currentVersion && (
                    <Badge size="xs" variant="light" color="green">
                      {t('rules.versions.current')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    <ParamsText code={code} params={v.params} />
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`fraud:severity.${v.severity}`)} · {v.enabled ? t('rules.on') : t('rules.off')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{v.created_by ?? t('rules.versions.system')}</Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(locale, v.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {v.reason ?? (v.created_by === null ? t('rules.versions.initial') : '—')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Drawer>
  );
}
