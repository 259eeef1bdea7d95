import { ASSET_SORT_KEYS } from '@backdesk/contract/crm/keys';
import { createFileRoute } from '@tanstack/react-router';
import { listRoute, listSearch } from '../../../components/list-page/list-search.ts';
import { UserAssetsPage } from '../../../features/crm/user-assets/user-assets-page.tsx';

export const Route = createFileRoute('/_app/crm/user-assets')({
  ...listRoute(
    listSearch({
      sortKeys: ASSET_SORT_KEYS,
      sort: 'available',
      dir: 'desc',
      filters: { customer: 'text', asset: 'text' },
    }),
    'crm.user-assets',
  ),
  component: UserAssetsPage,
});
