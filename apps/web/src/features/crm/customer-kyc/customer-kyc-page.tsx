import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page/index.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { customerKycList } from './customer-kyc-columns.tsx';

export function CustomerKycPage() {
  const { t } = useTranslation(['crm', 'common']);
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('common:pages.customerKyc')} description={t('kyc.subtitle')} />
      <ListPage
        list={customerKycList}
        onRowOpen={(r) => void navigate({ to: '/crm/customers/$customerId', params: { customerId: r.id } })}
      />
    </>
  );
}
