import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../../components/list-page/index.ts';
import { FraudSection } from '../shared/fraud-section.tsx';
import { casesList } from './cases-list.tsx';

/** Every case; a row opens the case's own page. Cases are opened from alerts. */
export function CasesPage() {
  const { t } = useTranslation('fraudCases');
  const navigate = useNavigate();
  return (
    <FraudSection>
      <ListPage
        list={casesList}
        emptyText={t('empty')}
        onRowOpen={(c) =>
          void navigate({ to: '/compliance/fraud-check/cases/$caseId', params: { caseId: c.id } })
        }
      />
    </FraudSection>
  );
}
