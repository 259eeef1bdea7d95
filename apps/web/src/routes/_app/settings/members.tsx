import { createFileRoute } from '@tanstack/react-router';
import i18next from 'i18next';
import { ForbiddenPage } from '../../../components/forbidden-page.tsx';
import { membersEndpoints } from '../../../features/settings/members/members-api.ts';
import { MembersPage } from '../../../features/settings/members/members-page.tsx';
import { useCan } from '../../../lib/can.ts';

export const Route = createFileRoute('/_app/settings/members')({
  loader: () => i18next.loadNamespaces(['settings', 'audit']),
  component: MembersRoute,
});

/** Super only (capability `staff`): anyone else gets the forbidden page, and no menu entry. */
function MembersRoute() {
  const can = useCan();
  return can(membersEndpoints.list) ? <MembersPage /> : <ForbiddenPage />;
}
