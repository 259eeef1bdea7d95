/**
 * The words of a suspicious-activity report draft. The PDF is made on the server for a regulator,
 * so its text lives here rather than in the web app's locale files; the member picks the language.
 */
export type SarLang = 'en' | 'tr';

interface Labels {
  title: string;
  draftNotice: string;
  caseNumber: string;
  generated: string;
  customer: string;
  customerId: string;
  userName: string;
  name: string;
  email: string;
  mobile: string;
  kycLevel: string;
  status: string;
  registered: string;
  narrative: string;
  noNarrative: string;
  alerts: string;
  transactions: string;
  trades: string;
  none: string;
  toAddress: string;
  buyer: string;
  seller: string;
  decision: string;
  note: string;
  footer: string;
  rules: Record<string, string>;
  severities: Record<string, string>;
  statuses: Record<string, string>;
  outcomes: Record<string, string>;
  decisions: Record<string, string>;
  txTypes: Record<string, string>;
  /** The customer's account status (the stored customer status: active, inactive, suspended). */
  accountStatuses: Record<string, string>;
  walletStatuses: Record<string, string>;
  tradeStatuses: Record<string, string>;
  signIns: string;
  /** "12 sign-ins, 3 failed, from 2 devices" with the counts already in the language's digits. */
  signInCounts: (signIns: string, failures: string, devices: string) => string;
  blocklistHits: string;
  blocklistKinds: Record<string, string>;
  linkedCustomers: string;
  linkKinds: Record<string, string>;
  comments: string;
}

export const SAR_LABELS: Record<SarLang, Labels> = {
  en: {
    title: 'Suspicious activity report — draft',
    draftNotice: 'Draft prepared for review by the compliance officer. Not filed with the regulator.',
    caseNumber: 'Case',
    generated: 'Generated',
    customer: 'Customer',
    customerId: 'Customer number',
    userName: 'User name',
    name: 'Name',
    email: 'Email',
    mobile: 'Phone',
    kycLevel: 'KYC level',
    status: 'Account status',
    registered: 'Registered',
    narrative: 'Narrative',
    noNarrative: 'No narrative written yet.',
    alerts: 'Alert history',
    transactions: 'Transactions in question',
    trades: 'P2P trades in question',
    none: 'None.',
    toAddress: 'to',
    buyer: 'buyer',
    seller: 'seller',
    decision: 'Decision',
    note: 'Note',
    footer: 'Backdesk · confidential',
    rules: {
      withdrawal_velocity: 'Withdrawal velocity',
      withdrawal_after_deposit: 'Withdrawal soon after deposit',
      new_address_withdrawal: 'Withdrawal to a new address',
      failed_logins: 'Repeated failed sign-ins',
      p2p_amount: 'Large P2P trade',
      blocklisted_address: 'Blocklisted counterparty',
      screening_hit: 'Sanctions or PEP match',
      travel_rule_failures: 'Repeated travel-rule failures',
    },
    severities: { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' },
    statuses: { open: 'Open', investigating: 'Investigating', escalated: 'Escalated', closed: 'Closed' },
    outcomes: { false_positive: 'False positive', confirmed: 'Confirmed' },
    decisions: {
      no_action: 'No further action',
      monitor: 'Keep under monitoring',
      restrict: 'Restrict the customer',
      offboard: 'End the relationship',
      report: 'Report to the regulator',
    },
    txTypes: { deposit: 'Deposit', withdrawal: 'Withdrawal', transfer: 'Transfer', fee: 'Fee' },
    accountStatuses: { active: 'Active', inactive: 'Inactive', suspended: 'Suspended' },
    walletStatuses: {
      pending: 'Pending',
      under_review: 'Under review',
      completed: 'Completed',
      rejected: 'Rejected',
      failed: 'Failed',
    },
    tradeStatuses: {
      pending: 'Pending',
      disputed: 'Disputed',
      cancelled: 'Cancelled',
      completed: 'Completed',
    },
    signIns: 'Sign-in addresses',
    signInCounts: (n, failed, devices) => `${n} sign-ins, ${failed} failed, from ${devices} device(s)`,
    blocklistHits: 'Blocklist hits',
    blocklistKinds: {
      address: 'Wallet address',
      ip: 'IP address',
      device: 'Device',
      email: 'Email',
      phone: 'Phone',
    },
    linkedCustomers: 'Linked customers',
    linkKinds: {
      device: 'shared device',
      ip: 'shared sign-in address',
      wallet_address: 'shared wallet address',
      p2p_counterparty: 'common P2P counterparty',
    },
    comments: 'Comments',
  },
  tr: {
    title: 'Şüpheli işlem bildirimi — taslak',
    draftNotice:
      'Uyum görevlisinin incelemesi için hazırlanmış taslaktır. Düzenleyici kuruma gönderilmemiştir.',
    caseNumber: 'Vaka',
    generated: 'Oluşturulma',
    customer: 'Müşteri',
    customerId: 'Müşteri numarası',
    userName: 'Kullanıcı adı',
    name: 'Ad soyad',
    email: 'E-posta',
    mobile: 'Telefon',
    kycLevel: 'KYC seviyesi',
    status: 'Hesap durumu',
    registered: 'Kayıt tarihi',
    narrative: 'Açıklama',
    noNarrative: 'Henüz açıklama yazılmadı.',
    alerts: 'Uyarı geçmişi',
    transactions: 'Şüpheli işlemler',
    trades: 'Şüpheli P2P işlemleri',
    none: 'Yok.',
    toAddress: 'alıcı adres',
    buyer: 'alıcı',
    seller: 'satıcı',
    decision: 'Karar',
    note: 'Not',
    footer: 'Backdesk · gizli',
    rules: {
      withdrawal_velocity: 'Sık çekim',
      withdrawal_after_deposit: 'Yatırımdan hemen sonra çekim',
      new_address_withdrawal: 'Yeni adrese çekim',
      failed_logins: 'Tekrarlanan başarısız girişler',
      p2p_amount: 'Yüksek tutarlı P2P işlemi',
      blocklisted_address: 'Engel listesindeki karşı taraf',
      screening_hit: 'Yaptırım veya PEP eşleşmesi',
      travel_rule_failures: 'Tekrarlanan seyahat kuralı ihlalleri',
    },
    severities: { low: 'Düşük', medium: 'Orta', high: 'Yüksek', critical: 'Kritik' },
    statuses: {
      open: 'Açık',
      investigating: 'İnceleniyor',
      escalated: 'Üst birime iletildi',
      closed: 'Kapalı',
    },
    outcomes: { false_positive: 'Yanlış alarm', confirmed: 'Doğrulandı' },
    decisions: {
      no_action: 'İşlem gerekmiyor',
      monitor: 'İzlemeye devam',
      restrict: 'Müşteriyi kısıtla',
      offboard: 'Müşteri ilişkisini sonlandır',
      report: 'Düzenleyici kuruma bildir',
    },
    txTypes: { deposit: 'Yatırma', withdrawal: 'Çekme', transfer: 'Transfer', fee: 'Ücret' },
    accountStatuses: { active: 'Etkin', inactive: 'Pasif', suspended: 'Askıda' },
    walletStatuses: {
      pending: 'Beklemede',
      under_review: 'İncelemede',
      completed: 'Tamamlandı',
      rejected: 'Reddedildi',
      failed: 'Başarısız',
    },
    tradeStatuses: {
      pending: 'Beklemede',
      disputed: 'İtirazlı',
      cancelled: 'İptal edildi',
      completed: 'Tamamlandı',
    },
    signIns: 'Giriş adresleri',
    signInCounts: (n, failed, devices) => `${n} giriş, ${failed} başarısız, ${devices} cihazdan`,
    blocklistHits: 'Engel listesi eşleşmeleri',
    blocklistKinds: {
      address: 'Cüzdan adresi',
      ip: 'IP adresi',
      device: 'Cihaz',
      email: 'E-posta',
      phone: 'Telefon',
    },
    linkedCustomers: 'Bağlantılı müşteriler',
    linkKinds: {
      device: 'ortak cihaz',
      ip: 'ortak giriş adresi',
      wallet_address: 'ortak cüzdan adresi',
      p2p_counterparty: 'ortak P2P karşı tarafı',
    },
    comments: 'Yorumlar',
  },
};

/**
 * A stored value in the draft's language: its word from `words`, or, for a value the vocabulary
 * does not know (data from elsewhere), the value as stored rather than a guess.
 */
export const sarWord = (words: Record<string, string>, value: string): string => words[value] ?? value;
