export * from './access.ts';
export * from './access-log-vocabulary.ts';
export type {
  AccessLogRow,
  AuditTrailRow,
  ChainBreak,
  LogName,
  Retention,
  SetRetentionBody,
  VerifyResult,
} from './access-logs.ts';
export * as logsApi from './access-logs.ts';
export type { ApprovalListQuery, ApprovalRequest } from './approvals.ts';
export * as approvalsApi from './approvals.ts';
export type { AuditEntry } from './audit.ts';
export * as auditApi from './audit.ts';
export * from './audit-vocabulary.ts';
export type { CaptchaChallenge, LoginBody, LoginResponse, StaffUser } from './auth.ts';
export * as authApi from './auth.ts';
export * as bulkApi from './bulk.ts';
export type {
  AddVaspAddressBody,
  Beneficiary,
  ComplianceOverview,
  ConfigureVaspTrpBody,
  CustomerKyc,
  DecideKycDocumentBody,
  EditTravelRuleRecordBody,
  FraudQueueFigure,
  KycCase,
  KycDecisionEntry,
  KycDocumentDetail,
  KycDocumentRow,
  KycDocumentsQuery,
  KycProfile,
  KycQueueQuery,
  KycSettings,
  OfficerDecisions,
  Originator,
  Person,
  QueueFigure,
  SelfHostedQuery,
  SelfHostedWallet,
  SetKycLevelBody,
  StaffRef,
  TravelRuleJurisdictionRule,
  TravelRuleParties,
  TravelRuleQueueItem,
  TravelRuleQueueQuery,
  TravelRuleRecord,
  TravelRuleRules,
  TravelRuleSettings,
  UploadKycDocumentQuery,
  Vasp,
  VaspAddress,
  VaspBody,
  VaspImportRow,
  VaspsQuery,
} from './compliance/index.ts';
export * as complianceApi from './compliance/index.ts';
export * from './compliance/keys.ts';
export * from './compliance/rules.ts';
export type {
  AddRestrictionBody,
  AssetTotal,
  CreateCustomerBody,
  CrmOverview,
  Customer,
  CustomerDetail,
  CustomerExchange,
  CustomerFacets,
  CustomerFilters,
  CustomerKycQuery,
  CustomerKycRow,
  CustomerSortKey,
  CustomerType,
  MoveCustomersBody,
  Restriction,
  RestrictionKind,
  RestrictionState,
  RestrictionsQuery,
  UpdateCustomerBody,
  UpdateCustomerTypeBody,
  UserAsset,
  UserAssetsQuery,
} from './crm/index.ts';
export * as crmApi from './crm/index.ts';
export * from './crm/keys.ts';
export { CRM_MESSAGES } from './crm/messages.ts';
export type { DashboardKpis } from './dashboard.ts';
export * as dashboardApi from './dashboard.ts';
export * from './dates.ts';
export * from './endpoint.ts';
export * from './endpoint-errors.ts';
export * from './errors.ts';
export type { BackgroundExport, BackgroundExportStarted } from './exports.ts';
export * as exportsApi from './exports.ts';
export * from './file-types.ts';
export * as fraudApi from './fraud/index.ts';
export * from './fraud/keys.ts';
export * from './inbox/keys.ts';
export type { InboxItem, InboxQuery, InboxSummary } from './inbox.ts';
export * as inboxApi from './inbox.ts';
export type {
  CallRetention,
  CreateIntegrationKeyBody,
  Integration,
  IntegrationCall,
  IntegrationCallQuery,
  IntegrationFields,
  IntegrationKey,
  UpdateIntegrationBody,
} from './integrations/index.ts';
export * as integrationsApi from './integrations/index.ts';
export * from './integrations/scopes.ts';
export * from './integrations/vocabulary.ts';
export * as webhooksApi from './integrations/webhooks.ts';
export * from './list.ts';
export type { CreateMemberBody, Member, MemberStatus } from './members.ts';
export * as membersApi from './members.ts';
export * from './messages.ts';
export type {
  CheckAnswer,
  CheckReason,
  CustomerRef,
  P2pCheckBody,
  WithdrawalCheckBody,
} from './public/checks.ts';
export * as checksApi from './public/checks.ts';
export * from './public/endpoint.ts';
export * as publicApi from './public/index.ts';
export * from './public/ingest-items.ts';
export * from './public/travel-rule.ts';
export * from './public/travel-rule-protocol.ts';
export type {
  DepositReportsConfig,
  Report,
  ReportBreakdown,
  ReportMeasure,
  ReportPeriod,
  ReportQuery,
  ReportRate,
  ReportUnit,
  SetReportRateBody,
} from './reports/index.ts';
export * as reportsApi from './reports/index.ts';
export * from './reports/keys.ts';
export * from './roles.ts';
export type { ListKey, SavedView, SaveViewBody } from './saved-views.ts';
export * as savedViewsApi from './saved-views.ts';
export * as scimTokensApi from './scim-tokens.ts';
export { type CreateScimTokenBody, SCIM_TOKEN_PATTERN, type ScimToken } from './scim-tokens.ts';
export type {
  ChangePasswordBody,
  NotificationEvent,
  NotificationPreference,
  PasswordProblem,
  Profile,
  Session,
  UpdateProfileBody,
} from './settings.ts';
export * as settingsApi from './settings.ts';
export * from './sign-in-gate.ts';
export type {
  ActionResult,
  CatalogueAsset,
  CommissionCustomerType,
  CommissionRule,
  EnrichedTrade,
  MarketOffer,
  PendingTrade,
  RealtimeCheck,
  RealtimeChecksQuery,
  ReviewResult,
  TransactionLimit,
  TransactionsOverview,
  WalletTransaction,
  WalletTransactionDetail,
  WithdrawalCheck,
  WithdrawalChecks,
} from './transactions/index.ts';
export * as transactionsApi from './transactions/index.ts';
export type { Passkey, TotpEnrolment, TwoFactorMethod, TwoFactorStatus } from './two-factor.ts';
export * as twoFactorApi from './two-factor.ts';
