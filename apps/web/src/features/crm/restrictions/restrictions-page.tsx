import type { Restriction } from '@backdesk/contract';
import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCan } from '../../../lib/can.ts';
import { crmEndpoints } from '../shared/endpoints.ts';
import { AddRestrictionModal, LiftRestrictionModal } from './restriction-forms.tsx';
import { RestrictionAction, restrictionsList } from './restrictions-table.tsx';

export function RestrictionsPage() {
  const { t } = useTranslation(['crm', 'common']);
  const can = useCan();
  const [adding, setAdding] = useState(false);
  const [lifting, setLifting] = useState<Restriction | null>(null);
  const canLift = can(crmEndpoints.liftRestriction);
  return (
    <>
      <PageHeader
        title={t('common:pages.customerRestrictions')}
        description={t('restrictions.subtitle')}
        actions={
          can(crmEndpoints.addRestriction) && (
            <Button
              color="red"
              leftSection={<IconLock size={16} />}
              onClick={() => setAdding(true)}
              data-testid="add-restriction"
            >
              {t('restrictions.add')}
            </Button>
          )
        }
      />
      <ListPage
        list={restrictionsList}
        emptyText={t('restrictions.empty')}
        rowActions={canLift ? (r) => <RestrictionAction restriction={r} onLift={setLifting} /> : undefined}
      />
      {adding && <AddRestrictionModal opened onClose={() => setAdding(false)} />}
      <LiftRestrictionModal restriction={lifting} onClose={() => setLifting(null)} />
    </>
  );
}
