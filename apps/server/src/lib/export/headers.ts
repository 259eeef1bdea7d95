import type { FastifyRequest } from 'fastify';
import type { CellType } from './xlsx-cells.ts';

/** The languages of the back office; an export's column headers are written in the member's. */
export type ExportLanguage = 'en' | 'tr';

/** The web app's language cookie (apps/web/src/lib/language.ts). */
const LANGUAGE_COOKIE = 'i18n_redirected';

/**
 * The column headers of every export, by the column's key. The key stays the stable name in code
 * and SQL; the file shows the member's words.
 */
export const EXPORT_HEADERS = {
  id: { en: 'ID', tr: 'No' },
  user_name: { en: 'User name', tr: 'Kullanıcı adı' },
  alias_name: { en: 'First name', tr: 'Ad' },
  alias_surname: { en: 'Last name', tr: 'Soyad' },
  email: { en: 'Email', tr: 'E-posta' },
  phone: { en: 'Phone', tr: 'Telefon' },
  status: { en: 'Status', tr: 'Durum' },
  active: { en: 'Active', tr: 'Etkin' },
  kyc_status: { en: 'KYC status', tr: 'KYC durumu' },
  kyc_type_label: { en: 'KYC type', tr: 'KYC türü' },
  roles: { en: 'Roles', tr: 'Roller' },
  customer_type: { en: 'Customer type', tr: 'Müşteri türü' },
  created_at: { en: 'Created at', tr: 'Oluşturulma zamanı' },
  updated_at: { en: 'Updated at', tr: 'Güncellenme zamanı' },
  customer_id: { en: 'Customer ID', tr: 'Müşteri no' },
  customer: { en: 'Customer', tr: 'Müşteri' },
  type: { en: 'Type', tr: 'Tür' },
  asset: { en: 'Asset', tr: 'Varlık' },
  network: { en: 'Network', tr: 'Ağ' },
  amount: { en: 'Amount', tr: 'Tutar' },
  fee: { en: 'Fee', tr: 'Ücret' },
  from_address: { en: 'From address', tr: 'Gönderen adres' },
  to_address: { en: 'To address', tr: 'Alıcı adres' },
  tx_hash: { en: 'Transaction hash', tr: 'İşlem hash' },
  review_reason: { en: 'Review reason', tr: 'İnceleme nedeni' },
  available: { en: 'Available', tr: 'Kullanılabilir' },
  locked: { en: 'Locked', tr: 'Kilitli' },
  // Access log and audit trail (modules/logs/access-log)
  at: { en: 'Time', tr: 'Zaman' },
  event: { en: 'Event', tr: 'Olay' },
  outcome: { en: 'Outcome', tr: 'Sonuç' },
  member: { en: 'Member', tr: 'Üye' },
  ip: { en: 'Address', tr: 'Adres' },
  user_agent: { en: 'User agent', tr: 'Tarayıcı' },
  detail: { en: 'Detail', tr: 'Ayrıntı' },
  entity: { en: 'Record', tr: 'Kayıt' },
  entity_id: { en: 'Record ID', tr: 'Kayıt no' },
  action: { en: 'Action', tr: 'İşlem' },
  before: { en: 'Before', tr: 'Önce' },
  after: { en: 'After', tr: 'Sonra' },
  request_id: { en: 'Request ID', tr: 'İstek no' },
  // KYC documents (modules/compliance/kyc)
  kyc_document_kind: { en: 'Document kind', tr: 'Belge türü' },
  file_name: { en: 'File name', tr: 'Dosya adı' },
  content_type: { en: 'File type', tr: 'Dosya türü' },
  size_bytes: { en: 'Size (bytes)', tr: 'Boyut (bayt)' },
  sha256: { en: 'SHA-256', tr: 'SHA-256' },
  channel: { en: 'Uploaded through', tr: 'Yükleme kanalı' },
  uploaded_by: { en: 'Uploaded by', tr: 'Yükleyen' },
  uploaded_at: { en: 'Uploaded at', tr: 'Yüklenme zamanı' },
  decided_at: { en: 'Decided at', tr: 'Karar zamanı' },
  reviewer: { en: 'Reviewer', tr: 'İnceleyen' },
  reason_code: { en: 'Reason', tr: 'Gerekçe' },
  reason_text: { en: 'Reason text', tr: 'Gerekçe metni' },
  comment: { en: 'Internal comment', tr: 'İç yorum' },
  expires_on: { en: 'Expiry date', tr: 'Geçerlilik sonu' },
  // Fraud blocklist (modules/compliance/fraud/blocklist): its import reads these words back, or the keys.
  kind: { en: 'Kind', tr: 'Tür' },
  value: { en: 'Value', tr: 'Değer' },
  reason: { en: 'Reason', tr: 'Gerekçe' },
  source: { en: 'Source', tr: 'Kaynak' },
  // Fraud alerts (modules/compliance/fraud/alerts)
  rule: { en: 'Rule', tr: 'Kural' },
  rule_version: { en: 'Rule version', tr: 'Kural sürümü' },
  severity: { en: 'Severity', tr: 'Önem' },
  event_at: { en: 'Event at', tr: 'Olay zamanı' },
  raised_at: { en: 'Raised at', tr: 'Açılma zamanı' },
  assignee: { en: 'Assignee', tr: 'Atanan' },
  case_id: { en: 'Case ID', tr: 'Vaka no' },
  closed_at: { en: 'Closed at', tr: 'Kapanma zamanı' },
  closed_by: { en: 'Closed by', tr: 'Kapatan' },
  closing_note: { en: 'Closing note', tr: 'Kapanış notu' },
  // Travel-rule records (modules/compliance/travel-rule): IVMS101's fields as officers name them.
  transaction_id: { en: 'Transaction ID', tr: 'İşlem no' },
  direction: { en: 'Direction', tr: 'Yön' },
  jurisdiction: { en: 'Jurisdiction', tr: 'Yetki alanı' },
  currency: { en: 'Jurisdiction currency', tr: 'Yetki alanı para birimi' },
  amount_in_currency: { en: 'Amount in jurisdiction currency', tr: 'Yetki alanı para biriminde tutar' },
  state: { en: 'Travel-rule state', tr: 'Seyahat kuralı durumu' },
  wallet_kind: { en: 'Wallet kind', tr: 'Cüzdan türü' },
  counterparty_vasp: { en: 'Counterparty VASP', tr: 'Karşı taraf VASP' },
  originator_name: { en: 'Originator name', tr: 'Gönderen adı' },
  originator_identifier_type: { en: 'Originator identifier type', tr: 'Gönderen kimlik türü' },
  originator_identifier: { en: 'Originator national identifier', tr: 'Gönderen kimlik numarası' },
  originator_birth_date: { en: 'Originator date of birth', tr: 'Gönderen doğum tarihi' },
  originator_account: { en: 'Originator account number', tr: 'Gönderen hesap numarası' },
  beneficiary_name: { en: 'Beneficiary name', tr: 'Alıcı adı' },
  beneficiary_identifier_type: { en: 'Beneficiary identifier type', tr: 'Alıcı kimlik türü' },
  beneficiary_identifier: { en: 'Beneficiary national identifier', tr: 'Alıcı kimlik numarası' },
  beneficiary_account: { en: 'Beneficiary account number', tr: 'Alıcı hesap numarası' },
  originating_vasp: { en: 'Originating VASP', tr: 'Gönderen VASP' },
  beneficiary_vasp: { en: 'Beneficiary VASP', tr: 'Alıcı VASP' },
  missing_fields: { en: 'Missing fields', tr: 'Eksik alanlar' },
  deadline: { en: 'Deadline', tr: 'Son tarih' },
  state_changed_at: { en: 'State changed at', tr: 'Durum değişme zamanı' },
} as const satisfies Record<string, Record<ExportLanguage, string>>;

/** A column's key: every export names its columns by one, so a header without texts does not compile. */
export type ExportHeader = keyof typeof EXPORT_HEADERS;

/**
 * The columns an XLSX types by their key, whatever the export: amounts exact (a number cell when a
 * double holds them, else text), times and days as Excel dates. Every other column is text.
 */
const CELL_TYPES: Partial<Record<ExportHeader, CellType>> = {
  amount: 'decimal',
  fee: 'decimal',
  available: 'decimal',
  locked: 'decimal',
  created_at: 'instant',
  updated_at: 'instant',
  at: 'instant',
  uploaded_at: 'instant',
  decided_at: 'instant',
  event_at: 'instant',
  raised_at: 'instant',
  closed_at: 'instant',
  expires_on: 'day',
  amount_in_currency: 'decimal',
  originator_birth_date: 'day',
  deadline: 'instant',
  state_changed_at: 'instant',
};

/** How an XLSX types a column's cells (untyped: text). */
export const cellTypeOf = (key: ExportHeader): CellType | undefined => CELL_TYPES[key];

/** A column's header in the language. */
export const headerText = (key: ExportHeader, language: ExportLanguage): string =>
  EXPORT_HEADERS[key][language];

const isLanguage = (value: unknown): value is ExportLanguage => value === 'en' || value === 'tr';

/**
 * The language of an export: `lang` in the query when the request names one, else the web app's
 * language cookie (a download link sends it), else English.
 */
export function exportLanguage(request: Pick<FastifyRequest, 'url' | 'headers'>): ExportLanguage {
  const fromQuery = new URLSearchParams(request.url.split('?')[1] ?? '').get('lang');
  if (isLanguage(fromQuery)) return fromQuery;
  const cookie = request.headers.cookie
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  return isLanguage(cookie) ? cookie : 'en';
}
