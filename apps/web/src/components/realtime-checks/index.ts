export {
  CheckDecisionBadge,
  CheckReasons,
  CheckSummary,
  REALTIME_CHECKS_KEY,
  realtimeChecksEndpoint,
  useRealtimeChecks,
  useReasonText,
  WithdrawalCheckPanel,
} from './realtime-checks.tsx';
