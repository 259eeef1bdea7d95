// Free of zod, so the web app can read error codes before the schemas load.
import type { ErrorCode } from './error-codes.ts';
import { SPEC_MESSAGES } from './messages.ts';

export { ERROR_CODES, type ErrorCode, isErrorCode } from './error-codes.ts';

/**
 * Every error the server may answer with, once: its HTTP status and its English text for clients
 * other than Backdesk's own (`{{name}}` is filled from the error's params). The web app shows the
 * locale text `errors:<CODE>` in the member's language instead (docs/product-rules.md R9).
 */
export const ERROR_CATALOGUE = {
  // ── Requests ──────────────────────────────────────────────────────────────
  VALIDATION_FAILED: { status: 400, message: 'The request is not valid' },
  INVALID_CURSOR: { status: 400, message: 'The page cursor is not valid; start again from the first page' },
  /** A NUL byte or a lone UTF-16 surrogate: text no database column can hold (`{{field}}` names it). */
  INVALID_TEXT: {
    status: 400,
    message: '{{field}} contains a character that cannot be stored (a NUL byte or a broken character)',
  },
  IDEMPOTENCY_KEY_INVALID: {
    status: 400,
    message: 'The Idempotency-Key header must be 8 to 200 letters, digits or - _ . :',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    message: 'This Idempotency-Key was already used for a different request',
  },
  REQUEST_IN_PROGRESS: {
    status: 409,
    message: 'The same request is still being processed; try again in a moment',
  },
  MALFORMED_REQUEST: { status: 400, message: 'The request cannot be read' },
  MALFORMED_BODY: { status: 400, message: 'The request body is empty or not valid JSON' },
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive' },
  REQUEST_TOO_LARGE: { status: 413, message: 'The request is larger than the server accepts' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Send the request body as JSON' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request address or headers are too long' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many requests. Try again shortly.' },
  FOREIGN_ORIGIN: { status: 403, message: 'Cross-origin request refused' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  CONFLICT: { status: 409, message: 'The request conflicts with the current state' },
  INTERNAL: { status: 500, message: 'Internal server error' },
  /** A request the node was still working on when it shut down (its transaction rolled back, or an Idempotency-Key retry replays what committed). */
  SHUTTING_DOWN: { status: 503, message: 'This server is shutting down; send the request again' },

  // ── Sign-in and sessions (texts to the letter, R2–R4) ──────────
  LOGIN_FAILED: { status: 401, message: SPEC_MESSAGES.loginFailed },
  ACCESS_DENIED: { status: 403, message: SPEC_MESSAGES.accessDenied },
  CAPTCHA_INVALID: { status: 400, message: 'The captcha was not solved or was already used' },
  SSO_PROVIDER_UNKNOWN: { status: 404, message: 'No such sign-in provider' },
  SSO_PROVIDER_UNAVAILABLE: { status: 503, message: 'The sign-in provider cannot be reached' },
  SSO_FAILED: { status: 401, message: 'The sign-in with the provider could not be completed' },
  SSO_MFA_REQUIRED: { status: 403, message: 'The provider did not confirm a second factor' },
  SSO_PASSWORD_DISABLED: { status: 403, message: 'Sign in with your organisation’s provider' },
  TOO_MANY_ATTEMPTS: { status: 429, message: 'Too many failed sign-ins. Try again later.' },
  AUTHENTICATION_REQUIRED: { status: 401, message: SPEC_MESSAGES.authenticationRequired },
  ACCESS_TOKEN_EXPIRED: { status: 401, message: SPEC_MESSAGES.accessTokenExpired },
  TOKEN_EXPIRED: { status: 401, message: SPEC_MESSAGES.tokenExpired },
  INVALID_TOKEN: { status: 401, message: SPEC_MESSAGES.invalidToken },
  FORBIDDEN: { status: 403, message: 'Your role does not allow this action' },

  // ── Records ───────────────────────────────────────────────────────────────
  /** The one stale-edit error: the version the member loaded is no longer the current one. */
  STALE_EDIT: {
    status: 409,
    message:
      'This record was changed by someone else after you opened it. Reload it and apply your change again.',
  },
  CUSTOMER_NOT_FOUND: { status: 404, message: 'Customer not found' },
  CUSTOMERS_NOT_FOUND: { status: 404, message: 'No customer with the ids {{ids}}' },
  CUSTOMERS_MOVE_TOO_MANY: {
    status: 400,
    message: '{{count}} customers would move; narrow the filters to at most {{max}}',
  },
  CUSTOMERS_MOVE_CHANGED: {
    status: 409,
    message: '{{count}} customers would move now, not {{expected}}: check the count again',
  },
  DUPLICATE_USER_NAME: { status: 409, message: 'A customer with this user name already exists' },
  DUPLICATE_EMAIL: { status: 409, message: 'A customer with this email already exists' },
  CUSTOMER_TYPE_NOT_FOUND: { status: 404, message: 'Customer type not found' },
  UNKNOWN_CUSTOMER_TYPE: { status: 400, message: 'Unknown customer type {{code}}' },
  RESTRICTION_NOT_FOUND: { status: 404, message: 'Restriction not found' },
  RESTRICTION_ALREADY_LIFTED: { status: 409, message: 'This restriction has already been lifted' },
  RESTRICTION_OVERLAPS: {
    status: 409,
    message: 'The customer already has a {{kind}} restriction in that period (restriction #{{id}})',
  },
  LIMIT_NOT_FOUND: { status: 404, message: 'No limit with lid {{lid}}' },
  COMMISSION_RULE_NOT_FOUND: { status: 404, message: 'No such commission rule' },
  WALLET_TRANSACTION_NOT_FOUND: { status: 404, message: 'No such wallet transaction' },
  OFFER_NOT_FOUND: { status: 404, message: 'No such offer' },
  TRADE_NOT_FOUND: { status: 404, message: 'No such trade' },
  SAVED_VIEW_NOT_FOUND: { status: 404, message: 'No such saved filter' },
  SAVED_VIEWS_FULL: { status: 409, message: 'At most {{max}} saved filters per list; delete one first' },
  /** A state change that the record's current state does not allow (`{{status}}` is that state). */
  INVALID_TRANSITION: { status: 409, message: 'Not possible while the record is {{status}}' },
  STAFF_MEMBER_EXISTS: { status: 409, message: 'A staff member named "{{userName}}" already exists' },
  STAFF_MEMBER_NOT_FOUND: { status: 404, message: 'No staff member named "{{userName}}"' },
  WEAK_PASSWORD: { status: 400, message: 'The password needs at least {{min}} characters' },
  MEMBER_NOT_FOUND: { status: 404, message: 'No such staff member' },
  SESSION_NOT_FOUND: { status: 404, message: 'No such active sign-in of yours' },
  /** The password policy's problems (`{{problems}}`, settings.ts PASSWORD_PROBLEMS) travel as issues too. */
  PASSWORD_REJECTED: { status: 400, message: 'The new password is not accepted: {{problems}}' },
  CURRENT_PASSWORD_WRONG: { status: 400, message: 'The current password is not correct' },
  MANAGED_BY_PROVIDER: {
    status: 409,
    message: 'Your identity provider keeps your password and second factor: change them there',
  },
  MEMBER_ROLES_FROM_PROVIDER: {
    status: 409,
    message: 'This member signs in through the identity provider, which sets their roles',
  },
  IDENTITY_ALREADY_LINKED: {
    status: 409,
    message: 'This member already has an identity at this provider: unlink it first',
  },
  IDENTITY_TAKEN: { status: 409, message: 'This identity is linked to another member ({{userName}})' },
  IDENTITY_NOT_LINKED: { status: 404, message: 'This member has no identity at this provider' },
  LAST_SUPER: {
    status: 409,
    message: 'The last active super cannot be disabled or lose the super role',
  },
  OWN_SUPER_ROLE: { status: 409, message: 'You cannot remove your own super role' },
  OWN_ACCOUNT: { status: 409, message: 'You cannot disable your own account' },

  // ── Two-factor and the sign-in gate ───────────────────────────────────────
  /** Until done, every call but the allowlisted ones answers this (auth.service.ts confinement). */
  PASSWORD_CHANGE_REQUIRED: { status: 403, message: 'Choose a new password before doing anything else' },
  TWO_FACTOR_ENROLMENT_REQUIRED: {
    status: 403,
    message: 'Your role needs two-factor sign-in: set it up before doing anything else',
  },
  TWO_FACTOR_CODE_INVALID: { status: 400, message: 'The code is not correct' },
  TWO_FACTOR_CODE_REUSED: { status: 400, message: 'This code was already used; wait for the next one' },
  TWO_FACTOR_CODE_EXPIRED: { status: 400, message: 'This code has expired; enter the current one' },
  RECOVERY_CODE_INVALID: { status: 400, message: 'The recovery code is not correct' },
  RECOVERY_CODE_USED: { status: 400, message: 'This recovery code was already used' },
  TWO_FACTOR_THROTTLED: { status: 429, message: 'Too many wrong codes. Try again later.' },
  TWO_FACTOR_CHALLENGE_EXPIRED: {
    status: 400,
    message: 'The second sign-in step has expired or was already used; sign in again',
  },
  TWO_FACTOR_ALREADY_ENABLED: { status: 409, message: 'An authenticator app is already set up' },
  TWO_FACTOR_ENROLMENT_EXPIRED: {
    status: 409,
    message: 'The set-up has expired or was not started; start again',
  },
  TWO_FACTOR_NOT_ENABLED: { status: 409, message: 'Two-factor sign-in is not turned on' },
  TWO_FACTOR_LAST_METHOD: {
    status: 409,
    message: 'This is your last second factor; turn two-factor off instead',
  },
  TWO_FACTOR_REQUIRE_SELF_FIRST: {
    status: 409,
    message: 'Set up two-factor for yourself before requiring it of admin and super',
  },
  TWO_FACTOR_RESET_OWN: {
    status: 409,
    message: 'Turn off your own two-factor on your settings page, with your password and a code',
  },
  TWO_FACTOR_KEY_UNREADABLE: {
    status: 500,
    message: 'The stored authenticator key cannot be read: the deployment secret (APP_SECRET) changed',
  },
  PASSKEY_UNKNOWN: { status: 400, message: 'This passkey is not registered for your account' },
  PASSKEY_REJECTED: { status: 400, message: 'The passkey could not be verified' },
  PASSKEY_NOT_FOUND: { status: 404, message: 'No such passkey of yours' },
  PASSKEY_NAME_TAKEN: { status: 409, message: 'You already have a second factor named "{{name}}"' },

  // ── Withdrawal review ─────────────────────────────────────────────────────
  ALREADY_REVIEWED: {
    status: 409,
    message: 'You have already reviewed this withdrawal; a different member must decide next',
  },
  CUSTOMER_RESTRICTED: {
    status: 400,
    message: 'The customer has an active {{kind}} restriction',
  },
  BELOW_LIMIT_MINIMUM: {
    status: 400,
    message: 'Below the minimum of {{amount}} {{asset}} per withdrawal (limit #{{lid}})',
  },
  ABOVE_LIMIT_MAXIMUM: {
    status: 400,
    message: 'Above the maximum of {{amount}} {{asset}} per withdrawal (limit #{{lid}})',
  },
  DAILY_CAP_EXCEEDED: {
    status: 400,
    message: "The customer's withdrawals in 24 hours would exceed {{amount}} {{asset}} (limit #{{lid}})",
  },
  MONTHLY_CAP_EXCEEDED: {
    status: 400,
    message: "The customer's withdrawals in 30 days would exceed {{amount}} {{asset}} (limit #{{lid}})",
  },

  // ── Reports ───────────────────────────────────────────────────────────────
  REPORT_RANGE_REVERSED: {
    status: 400,
    message: 'The start of the range ({{from}}) is after its end ({{to}})',
  },
  REPORT_RANGE_TOO_LONG: {
    status: 400,
    message: 'A report covers at most five years; choose a shorter range',
  },
  REPORT_UNKNOWN_GROUPING: { status: 400, message: 'Unknown grouping {{groupBy}}; use day, week or month' },
  REPORT_UNKNOWN_TIME_ZONE: { status: 400, message: 'Unknown time zone {{tz}}' },
  REPORT_RATE_NOT_FOUND: { status: 404, message: 'No such rate' },
  REPORT_RATE_EXISTS: {
    status: 409,
    message: 'A rate for {{asset}} from {{validFrom}} already exists; edit it instead',
  },

  // ── Exchange ingestion (decision 0025): per item in a batch's answer, or the batch ──
  BATCH_TOO_LARGE: {
    status: 413,
    message: 'A batch may hold at most {{limit}} items; send it in smaller batches',
  },
  INGEST_MALFORMED_LINE: { status: 400, message: 'Line {{line}} is not valid JSON' },
  INGEST_UNKNOWN_VALUE: { status: 400, message: '{{field}} is not one of the values this field takes' },
  INGEST_INVALID_DECIMAL: {
    status: 400,
    message: '{{field}} must be an exact decimal as text, such as "1250.50"',
  },
  INGEST_AMOUNT_PRECISION: {
    status: 400,
    message: '{{field}} has more than {{precision}} digits after the point, the precision of {{asset}}',
  },
  INGEST_UNKNOWN_FIELD: { status: 400, message: '{{field}} is not a field of this object' },
  INGEST_INVALID_ITEM: { status: 400, message: '{{field}} is not valid: {{reason}}' },
  INGEST_DUPLICATE_KEY: { status: 409, message: 'Another record already holds this user name, email or key' },
  INGEST_ITEM_NOT_STORED: { status: 422, message: 'The item could not be stored; it was not applied' },
  CUSTOMER_UNKNOWN: {
    status: 422,
    message: 'No customer with the exchange id {{externalId}}; send the customer first',
  },
  P2P_OFFER_UNKNOWN: {
    status: 422,
    message: 'No P2P offer with the exchange id {{externalId}}; send the offer first',
  },
  STAFF_EDIT_PENDING: {
    status: 409,
    message: "A staff edit of {{fields}} awaits the exchange's echo; this version would undo it",
  },
  WITHDRAWAL_UNDER_REVIEW: {
    status: 409,
    message: 'The withdrawal is under review in Backdesk; its status is decided there',
  },
  /**
   * A check that waited too long in Backdesk to be answered within the client's 2 s (shed, not
   * worked), or whose work ran out of time (a statement timeout, no connection in time): nothing kept.
   */
  CHECK_OVERLOADED: {
    status: 503,
    message: 'Backdesk could not answer this check in time; hold the operation as review and ask again',
  },
  /** A check would hold a withdrawal the exchange already sent past pending (or as another customer's). */
  WITHDRAWAL_NOT_PENDING: {
    status: 409,
    message: 'A withdrawal with this id is no longer pending; there is nothing to hold for review',
  },

  // ── Four-eyes approvals ───────────────────────────────────────────────────
  APPROVAL_NOT_FOUND: { status: 404, message: 'No such approval request' },
  INBOX_ITEM_NOT_FOUND: { status: 404, message: 'No such item in your inbox' },
  INBOX_ITEM_RESOLVED: { status: 409, message: 'This item is already resolved; its work was done' },
  INBOX_QUEUE_FORBIDDEN: { status: 403, message: 'Your role does not take work from this queue' },
  INBOX_AWAY_INVALID: {
    status: 400,
    message: 'An absence ends in the future, at most {{days}} days from now',
  },
  BULK_COUNT_MISMATCH: {
    status: 400,
    message: 'Type the count exactly: {{count}} records would change',
  },
  BULK_REASON_REQUIRED: {
    status: 400,
    message: 'A bulk action over {{threshold}} records needs a reason for the second member',
  },
  APPROVAL_OWN_REQUEST: {
    status: 409,
    message: 'You asked for this change; a different member must approve or reject it',
  },
  APPROVAL_ALREADY_DECIDED: { status: 409, message: 'This request has already been {{status}}' },
  APPROVAL_EXPIRED: { status: 409, message: 'This request expired before it was decided' },
  APPROVAL_NOT_REQUESTER: {
    status: 403,
    message: 'Only the member who asked for this change can withdraw the request',
  },

  // ── KYC document files (intake refusals; docs/decisions/0010-document-intake.md) ──
  KYC_FILE_EMPTY: { status: 400, message: 'The file is empty' },
  KYC_FILE_TOO_LARGE: { status: 413, message: 'The file is larger than {{maxMegabytes}} MB' },
  KYC_FILE_TYPE_REFUSED: {
    status: 415,
    message: 'Only JPEG, PNG, WebP or HEIC images and PDF documents are accepted; this file is none of them',
  },
  KYC_FILE_TOO_MANY_PIXELS: {
    status: 400,
    message: 'The image has more than {{maxMegapixels}} megapixels; upload a smaller image',
  },
  /** `{{feature}}` names what was found (PDF_ACTIVE_FEATURES of the server's PDF check). */
  KYC_FILE_ACTIVE_CONTENT: {
    status: 400,
    message: 'The PDF is refused: it contains active content ({{feature}})',
  },
  KYC_FILE_ENCRYPTED: {
    status: 400,
    message: 'Encrypted or password-protected PDFs cannot be checked; upload an unprotected copy',
  },
  KYC_FILE_INFECTED: { status: 400, message: 'The virus scan found malware in the file' },
  KYC_FILE_UNREADABLE: { status: 400, message: 'The file is damaged or cannot be read' },
  KYC_FILE_SCAN_UNAVAILABLE: {
    status: 503,
    message: 'The virus scanner cannot be reached; try the upload again later',
  },

  /** A stored file a later check found active: kept for the audit, never served or decided. */
  KYC_DOCUMENT_QUARANTINED: {
    status: 410,
    message: 'This document was quarantined by a file check and can no longer be opened',
  },

  DOCUMENT_RECHECK_RUNNING: {
    status: 409,
    message: 'A check of the stored documents is already under way; follow it or cancel it first',
  },

  // ── KYC documents, decisions and the review queue (docs/product-rules.md R37–R39) ──
  KYC_FILE_MISSING: {
    status: 400,
    message: 'Send the file as multipart/form-data with one part named "file"',
  },
  KYC_KIND_NOT_FOR_CUSTOMER: {
    status: 400,
    message: 'Company documents can only be filed for a business customer',
  },
  KYC_EXPIRY_NOT_APPLICABLE: {
    status: 400,
    message: 'A document of this kind ({{kind}}) has no expiry date',
  },
  KYC_DOCUMENT_EXPIRED: {
    status: 400,
    message: 'The document expired on {{date}} and cannot be approved',
  },
  KYC_DOCUMENT_NOT_FOUND: { status: 404, message: 'No such KYC document' },
  KYC_DOCUMENT_FINAL: {
    status: 409,
    message: 'This document was rejected for good; only a new upload can be approved',
  },
  KYC_LEVEL_BELOW_TIER: {
    status: 409,
    message:
      "The customer's tier {{tier}} needs KYC level {{requiredLevel}}; move them to a lower tier first",
  },
  KYC_CASE_NOT_FOUND: { status: 404, message: 'This customer has no documents waiting for a decision' },
  KYC_CASE_TAKEN: { status: 409, message: '{{member}} is already working on this case' },
  KYC_CASE_NOT_YOURS: { status: 409, message: 'Only the member holding a case can release it' },
  KYC_ASSIGNEE_INVALID: { status: 400, message: 'That member cannot take KYC cases' },

  // ── Fraud check: engine (events, evaluation, alerts raised) ──

  // ── Fraud check: rules, backtests, runs and the blocklist ──
  FRAUD_RUN_NOT_FOUND: { status: 404, message: 'This run does not exist' },
  FRAUD_RUN_FINISHED: { status: 409, message: 'This run has already finished' },
  FRAUD_RULE_NOT_FOUND: { status: 404, message: 'This fraud rule does not exist' },
  FRAUD_RULE_UNCHANGED: { status: 400, message: 'The new setting is the same as the current one' },
  BLOCKLIST_ENTRY_NOT_FOUND: { status: 404, message: 'This blocklist entry does not exist' },
  BLOCKLIST_ENTRY_EXISTS: { status: 409, message: 'This value is already on the blocklist' },
  BLOCKLIST_VALUE_INVALID: { status: 400, message: 'This is not a valid {{kind}}' },
  BLOCKLIST_NETWORK_NOT_ALLOWED: { status: 400, message: 'Only an address has a network' },
  BLOCKLIST_IMPORT_HEADER: {
    status: 400,
    message: 'The first line must name the columns kind,value,network,reason,source',
  },
  BLOCKLIST_IMPORT_INVALID: {
    status: 400,
    message: 'Line {{line}}, column {{column}}: the value is not valid',
  },
  BLOCKLIST_IMPORT_EMPTY: { status: 400, message: 'The file has no entries' },
  BLOCKLIST_IMPORT_TOO_LARGE: { status: 413, message: 'The file is larger than {{maxKilobytes}} KB' },

  // ── Fraud check: alerts ──
  FRAUD_ALERT_NOT_FOUND: { status: 404, message: 'Fraud alert not found' },
  FRAUD_ALERT_TRANSITION: { status: 409, message: 'An alert that is {{from}} cannot be moved to {{to}}' },
  FRAUD_ALERT_CLOSED: { status: 409, message: 'This alert is closed and can no longer change' },
  FRAUD_ASSIGNEE_INVALID: { status: 400, message: 'That member cannot handle fraud alerts' },
  FRAUD_BULK_CHANGED: {
    status: 409,
    message: 'The filter now matches {{count}} alerts, not {{expected}}: check the count again',
  },
  FRAUD_BULK_TOO_MANY: {
    status: 400,
    message: 'The filter matches {{count}} alerts; narrow it to at most {{max}}',
  },

  // ── Fraud check: cases ──
  FRAUD_CASE_NOT_FOUND: { status: 404, message: 'This case does not exist' },
  FRAUD_CASE_CLOSED: { status: 409, message: 'This case is closed' },
  /** One open case per customer: a closed one cannot come back beside it. */
  FRAUD_CASE_OTHER_OPEN: {
    status: 409,
    message: 'This customer has another open case, #{{id}}; work in that one',
  },
  FRAUD_CASE_NOT_CLOSED: { status: 409, message: 'This case is open; only a closed case can be reopened' },
  FRAUD_CASE_ALERT_OUTCOMES: {
    status: 400,
    message: "Give an outcome to each of the case's {{count}} open alerts, and to no other alert",
  },
  FRAUD_CASE_ALERT_INVALID: {
    status: 400,
    message: "Alert #{{id}} does not exist or is not one of this customer's alerts",
  },
  FRAUD_CASE_ALERT_IN_OTHER_CASE: { status: 409, message: 'Alert #{{id}} is already in case #{{caseId}}' },
  FRAUD_CASE_ALERT_NOT_IN_CASE: { status: 409, message: 'Alert #{{id}} is not in this case' },
  FRAUD_CASE_OWNER_INVALID: { status: 400, message: 'That member cannot own fraud cases' },
  FRAUD_CASE_FOLLOW_UP_PAST: { status: 400, message: 'Choose a follow-up date in the future' },
  FRAUD_CASE_REPORT_NOT_FOUND: { status: 404, message: 'This report draft does not exist' },

  // ── Fraud check: screening ──
  SCREENING_FILE_MISSING: { status: 400, message: 'Choose a list file to import' },
  SCREENING_FILE_TOO_LARGE: { status: 413, message: 'The list file is larger than {{maxMegabytes}} MB' },
  SCREENING_FILE_NOT_TEXT: { status: 400, message: 'The list file is not UTF-8 text' },
  SCREENING_FILE_UNREADABLE: { status: 400, message: 'The upload was cut short or cannot be read' },
  SCREENING_FILE_CSV_COLUMNS: {
    status: 400,
    message: 'Line {{line}} has {{found}} columns; this format has {{expected}}',
  },
  SCREENING_FILE_CSV_HEADER: {
    status: 400,
    message: 'The first line is not the OpenSanctions header: column "{{column}}" is missing',
  },
  SCREENING_FILE_CSV_QUOTE: { status: 400, message: 'The quote opened on line {{line}} is never closed' },
  SCREENING_FILE_FIELD: { status: 400, message: 'Line {{line}}: "{{column}}" is empty or not valid' },
  SCREENING_FILE_XML: { status: 400, message: 'The XML is broken near line {{line}}' },
  SCREENING_FILE_XML_LAYOUT: {
    status: 400,
    message: 'This is not the UN consolidated list: it starts with <{{element}}>',
  },
  SCREENING_FILE_EMPTY: { status: 400, message: 'The file holds no person or entity to screen against' },
  SCREENING_ALERT_NOT_FOUND: { status: 404, message: 'No screening alert with this number' },

  // ── The public API and its integrations (docs/decisions/0025-exchange-integration.md) ──
  /** Missing, malformed, unknown, revoked or expired key, or a disabled integration: nothing more is said. */
  API_KEY_INVALID: { status: 401, message: 'The API key is missing or not valid' },
  API_SCOPE_MISSING: { status: 403, message: 'This API key does not have the scope {{scope}}' },
  API_ADDRESS_REFUSED: {
    status: 403,
    message: 'Requests with this API key are not accepted from this address',
  },
  PUBLIC_API_COOKIE_REFUSED: {
    status: 400,
    message: 'The public API takes an API key only; send the request without session cookies',
  },
  INTEGRATION_NOT_FOUND: { status: 404, message: 'No such integration' },
  INTEGRATION_NAME_TAKEN: { status: 409, message: 'An integration named "{{name}}" already exists' },
  SCIM_TOKEN_NOT_FOUND: { status: 404, message: 'No such SCIM token' },
  SCIM_TOKEN_REVOKED: { status: 409, message: 'This SCIM token has already been revoked' },
  INTEGRATION_KEY_NOT_FOUND: { status: 404, message: 'No such API key' },
  INTEGRATION_KEY_REVOKED: { status: 409, message: 'This API key has already been revoked' },
  INTEGRATION_KEY_EXPIRY_PAST: { status: 400, message: 'The expiry date must be in the future' },
  WEBHOOK_ENDPOINT_NOT_FOUND: { status: 404, message: 'No such webhook endpoint' },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, message: 'This event was never sent to this endpoint' },
  WEBHOOK_RANGE_INVALID: {
    status: 400,
    message: 'Give a range that ends after it starts, of at most 31 days',
  },

  // ── Fraud check: demo activity and integration ──
  KYC_SECOND_APPROVAL_SAME_MEMBER: {
    status: 409,
    message: 'You asked for this KYC level; because of the fraud alerts a different member must approve it',
  },
  KYC_SECOND_APPROVAL_DIFFERS: {
    status: 409,
    message: 'Level {{level}} awaits a second approval; approve that level, or reject the request first',
  },
  // ── Travel rule (docs/decisions/0026-travel-rule.md) ──
  TRAVEL_RULE_RECORD_NOT_FOUND: { status: 404, message: 'Travel-rule record not found' },
  TRAVEL_RULE_RECORD_CLOSED: {
    status: 409,
    message: 'This transfer was returned or rejected; its travel-rule record no longer changes',
  },
  TRAVEL_RULE_WRONG_STATE: {
    status: 409,
    message: 'The record is {{state}}; this action does not apply to it',
  },
  TRAVEL_RULE_FIELDS_MISSING: {
    status: 409,
    message: 'The record cannot be marked verified while required fields are missing: {{fields}}',
  },
  TRAVEL_RULE_APPROVAL_PENDING: {
    status: 409,
    message: "This release already waits for a second member's approval",
  },
  VASP_NOT_FOUND: { status: 404, message: 'VASP not found' },
  VASP_LEI_TAKEN: { status: 409, message: 'Another VASP of the directory has this LEI' },
  VASP_IN_USE: { status: 409, message: 'Travel-rule records name this VASP; it cannot be removed' },
  VASP_ADDRESS_EXISTS: { status: 409, message: 'This address is already attributed on this network' },
  VASP_ADDRESS_NOT_FOUND: { status: 404, message: 'Address attribution not found' },
  VASP_IMPORT_DUPLICATE_LEI: {
    status: 400,
    message: 'The file names the same LEI on more than one row; each VASP must appear once',
  },
  VASP_ADDRESS_IN_USE: {
    status: 409,
    message: 'A travel-rule record rests on this attribution; it cannot be removed',
  },
  VASP_ADDRESS_NOT_SELF_HOSTED: {
    status: 409,
    message: "This address is a VASP's, not a customer's self-hosted wallet: it takes no proof of ownership",
  },
  PROOF_MESSAGE_WITHOUT_ADDRESS: {
    status: 400,
    message: 'The signed message must name the wallet address it proves, so it cannot be reused for another',
  },
  PROOF_SIGNATURE_MALFORMED: {
    status: 400,
    message:
      'On {{network}} the signature must be a personal_sign signature: 0x and 130 hex digits (r, s and v)',
  },
  PROOF_SIGNER_MISMATCH: {
    status: 409,
    message: 'The message was signed by {{signer}}, not by this wallet: the proof does not hold',
  },
  PROOF_TEST_TRANSFER_NOT_FOUND: {
    status: 409,
    message:
      'No deposit of this customer from this wallet on {{network}} has this transaction hash (a failed one does not count)',
  },
  TRP_UNAUTHENTICATED: { status: 401, message: 'No valid TRP credential of a VASP of the directory' },
  TRP_VASP_NOT_ALLOWED: {
    status: 403,
    message: 'This VASP may not exchange travel-rule data over TRP (protocol or due diligence)',
  },
  TRP_API_VERSION: {
    status: 400,
    message: 'Send the api-version header with a TRP version of major 3, and a request-identifier UUID',
  },
  TRP_TRANSFER_NOT_FOUND: {
    status: 404,
    message: 'No TRP transfer of this VASP has this request identifier',
  },
  TRP_TRANSFER_ANSWERED: {
    status: 409,
    message: 'This TRP transfer is {{status}}; this message does not apply to it',
  },
  TRP_NOT_CONFIGURED: { status: 409, message: 'This VASP has no TRP address or credential' },
} as const satisfies Record<ErrorCode, { status: number; message: string }>;

export type ErrorParams = Readonly<Record<string, string | number>>;

/** The catalogue's English text with its `{{name}}` placeholders filled. */
export const errorMessage = (code: ErrorCode, params: ErrorParams = {}): string =>
  ERROR_CATALOGUE[code].message.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    name in params ? String(params[name]) : `{{${name}}}`,
  );
