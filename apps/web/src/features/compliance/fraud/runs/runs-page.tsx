import { Drawer } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListPage, useListSearch } from '../../../../components/list-page/index.ts';
import { FraudSection } from '../shared/fraud-section.tsx';
import { RunPanel } from './run-panel.tsx';
import { runsList } from './runs-list.tsx';

/** Every rescan, backtest and rescreening, newest first; one opens in a drawer (`run=`) with its log. */
export function RunsPage() {
  const { t } = useTranslation('fraudRules');
  const { search, set } = useListSearch();
  const runId = Number(search.run) || undefined;
  return (
    <FraudSection>
      <ListPage
        list={runsList}
        emptyText={t('runs.empty')}
        onRowOpen={(row) => set({ run: String(row.id) })}
      />
      <Drawer
        opened={runId !== undefined}
        onClose={() => set({ run: undefined })}
        position="right"
        size="lg"
        closeButtonProps={{ 'aria-label': t('close') }}
        title={runId ? t('runs.open', { id: runId }) : undefined}
      >
        {runId !== undefined && <RunPanel runId={runId} />}
      </Drawer>
    </FraudSection>
  );
}
