import type { ReportQuery } from '@backdesk/contract';
import * as complianceRoutes from '@backdesk/contract/routes/compliance';
import { Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BackgroundExports } from '../../components/list-page/background-exports.tsx';
import { ExportMenu } from '../../components/list-page/export-menu.tsx';
import { useCan } from '../../lib/can.ts';
import { complianceRef } from '../../lib/contract.ts';

/** The records' own export (personal data, admins and supers: the server refuses anyone else). */
export const recordsExportEndpoint = complianceRef(complianceRoutes.exportTravelRuleRecords);

/** The range's records with their parties, as the report shows them: the same days, zone and direction. */
const recordsQuery = ({ from, to, tz, direction }: ReportQuery) => ({ from, to, tz, direction });

export function TravelRuleRecordsExport({ query }: { query: ReportQuery }) {
  const { t } = useTranslation('reports');
  const can = useCan();
  if (!can(recordsExportEndpoint)) return null;
  return (
    <Tooltip label={t('recordsExport.hint')} multiline w={280} withArrow>
      <div>
        <ExportMenu
          path={recordsExportEndpoint.path}
          query={recordsQuery(query)}
          label={t('recordsExport.label')}
          formats={{ csv: t('recordsExport.csv'), xlsx: t('recordsExport.xlsx') }}
          testId="records-export"
        />
      </div>
    </Tooltip>
  );
}

/** Progress of a records export written in the background (over the export threshold). */
export function TravelRuleRecordsBackground() {
  const can = useCan();
  return can(recordsExportEndpoint) ? <BackgroundExports path={recordsExportEndpoint.path} /> : null;
}
