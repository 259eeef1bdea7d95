import { createFileRoute } from '@tanstack/react-router';
import { TravelRuleRecordPage } from '../../../../features/compliance/travel-rule/travel-rule-record.tsx';

/** A record id is a positive whole number as written; anything else is a 404 (R5). */
const RECORD_ID = /^[1-9]\d{0,14}$/;

export const Route = createFileRoute('/_app/compliance/travel-rule/$recordId')({
  params: {
    parse: ({ recordId }) => {
      if (!RECORD_ID.test(recordId)) throw new Error(`Not a record id: ${recordId}`);
      return { recordId: Number(recordId) };
    },
    stringify: ({ recordId }) => ({ recordId: String(recordId) }),
  },
  component: RecordRoute,
});

function RecordRoute() {
  const { recordId } = Route.useParams();
  return <TravelRuleRecordPage recordId={recordId} />;
}
