import { createFileRoute } from '@tanstack/react-router';
import { CasePage } from '../../../../../features/compliance/fraud/cases/case-page.tsx';

/** A case id is a positive whole number as written; anything else is a 404 (R5). */
const CASE_ID = /^[1-9]\d{0,14}$/;

export const Route = createFileRoute('/_app/compliance/fraud-check/cases/$caseId')({
  params: {
    parse: ({ caseId }) => {
      if (!CASE_ID.test(caseId)) throw new Error(`Not a case id: ${caseId}`);
      return { caseId: Number(caseId) };
    },
    stringify: ({ caseId }) => ({ caseId: String(caseId) }),
  },
  component: CaseRoute,
});

function CaseRoute() {
  const { caseId } = Route.useParams();
  return <CasePage caseId={caseId} />;
}
