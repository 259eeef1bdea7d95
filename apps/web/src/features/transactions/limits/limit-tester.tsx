import type { TransactionLimit } from '@backdesk/contract';
import { LIMIT_TYPES, selectLimit } from '@backdesk/contract/rules';
import { Badge, Card, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconTrophy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContractSelect } from './contract-select.tsx';

/** Shows which limit the rule (docs/product-rules.md R14) picks for an operation, and each candidate's score. */
export function LimitTester({ limits }: { limits: TransactionLimit[] }) {
  const { t } = useTranslation('transactions');
  const [lookup, setLookup] = useState({
    limit_type: 'withdrawal',
    contract_name: '',
    wallet_address: '',
    wallet_name: '',
  });
  const { winner, candidates } = selectLimit(limits, lookup);
  // The winner matched nothing: among several, only the highest-lid tie rule chose it.
  const tieOnly = candidates.length > 1 && candidates.find((c) => c.limit === winner)?.score === 0;
  const set = (field: keyof typeof lookup) => (value: string) => setLookup((l) => ({ ...l, [field]: value }));
  const tick = (hit: boolean) => (hit ? <IconCheck size={14} color="var(--mantine-color-green-6)" /> : null);

  return (
    <Card withBorder radius="md" padding="lg" data-testid="limit-tester">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg">
            {t('tester.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('tester.rule')}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          <Select
            label={t('fields.limit_type')}
            data={LIMIT_TYPES.map((type) => ({ value: type, label: t(`limitTypes.${type}`) }))}
            value={lookup.limit_type}
            onChange={(v) => set('limit_type')(v ?? 'withdrawal')}
            allowDeselect={false}
            name="tester_limit_type"
          />
          <ContractSelect
            label={t('fields.contract_name')}
            name="tester_contract"
            extra={limits.map((l) => l.contract_name)}
            value={lookup.contract_name}
            onChange={set('contract_name')}
          />
          <TextInput
            label={t('fields.wallet_address')}
            name="tester_wallet_address"
            value={lookup.wallet_address}
            onChange={(e) => set('wallet_address')(e.currentTarget.value)}
          />
          <TextInput
            label={t('fields.wallet_name')}
            name="tester_wallet_name"
            value={lookup.wallet_name}
            onChange={(e) => set('wallet_name')(e.currentTarget.value)}
          />
        </SimpleGrid>
        <Group gap="xs" data-testid="tester-winner" data-lid={winner?.lid ?? ''}>
          <IconTrophy size={18} stroke={1.7} />
          <Text fw={600}>{winner ? t('tester.winner', { lid: winner.lid }) : t('tester.noWinner')}</Text>
        </Group>
        {winner && tieOnly && (
          <Text size="sm" fw={500} data-testid="tester-tie-only">
            {t('tester.tieOnly', { lid: winner.lid })}
          </Text>
        )}
        {candidates.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing={4} fz="sm" data-testid="tester-candidates">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fields.lid')}</Table.Th>
                  <Table.Th>{t('fields.contract_name')}</Table.Th>
                  <Table.Th>{t('fields.wallet_address')}</Table.Th>
                  <Table.Th>{t('fields.wallet_name')}</Table.Th>
                  <Table.Th ta="right">{t('tester.score')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {candidates.map(({ limit, score, matches }) => (
                  <Table.Tr key={limit.lid} data-lid={limit.lid} data-score={score}>
                    <Table.Td>
                      <Group gap={6}>
                        {limit.lid}
                        {limit === winner && (
                          <Badge size="xs" color="green">
                            {t('tester.wins')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {limit.contract_name ?? '—'}
                        {tick(matches.contract_name)}
                      </Group>
                    </Table.Td>
                    <Table.Td maw={220} style={{ overflowWrap: 'anywhere' }}>
                      <Group gap={4}>
                        {limit.wallet_address ?? '—'}
                        {tick(matches.wallet_address)}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {limit.wallet_name ?? '—'}
                        {tick(matches.wallet_name)}
                      </Group>
                    </Table.Td>
                    <Table.Td ta="right" fw={600}>
                      {score}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Text size="xs" c="dimmed">
          {t('tester.ties')}
        </Text>
      </Stack>
    </Card>
  );
}
