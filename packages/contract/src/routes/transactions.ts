// Generated from transactions/index.ts by `npm run contract:routes`; do not edit.
// Plain strings, no zod: the web names an endpoint with these before its schemas load.

export const allP2p = {
  name: 'allP2p',
  method: 'POST',
  path: '/api/transactions/all-p2p',
  access: 'read',
} as const;

export const approveWithdrawal = {
  name: 'approveWithdrawal',
  method: 'POST',
  path: '/api/transactions/wallet-transactions/approve',
  access: 'approve',
} as const;

export const cancelTrade = {
  name: 'cancelTrade',
  method: 'POST',
  path: '/api/transactions/p2p/trades/cancel',
  access: 'p2p',
} as const;

export const countTrades = {
  name: 'countTrades',
  method: 'GET',
  path: '/api/transactions/p2p/trades/count',
  access: 'read',
} as const;

export const createCommissionRule = {
  name: 'createCommissionRule',
  method: 'POST',
  path: '/api/transactions/commissions/create',
  access: 'configure',
} as const;

export const createTransactionLimit = {
  name: 'createTransactionLimit',
  method: 'POST',
  path: '/api/transactions/transaction-limit-create',
  access: 'configure',
} as const;

export const deleteCommissionRule = {
  name: 'deleteCommissionRule',
  method: 'POST',
  path: '/api/transactions/commissions/delete',
  access: 'configure',
} as const;

export const deleteTransactionLimit = {
  name: 'deleteTransactionLimit',
  method: 'POST',
  path: '/api/transactions/transaction-limit-delete',
  access: 'configure',
} as const;

export const exportWalletTransactions = {
  name: 'exportWalletTransactions',
  method: 'GET',
  path: '/api/transactions/wallet-transactions/export',
  access: 'exportPersonal',
} as const;

export const getPendingTrades = {
  name: 'getPendingTrades',
  method: 'GET',
  path: '/api/transactions/get-pending-trades',
  access: 'read',
} as const;

export const getTransactionsOverview = {
  name: 'getTransactionsOverview',
  method: 'GET',
  path: '/api/transactions/overview',
  access: 'read',
} as const;

export const getWalletTransaction = {
  name: 'getWalletTransaction',
  method: 'GET',
  path: '/api/transactions/wallet-transaction',
  access: 'read',
} as const;

export const getWithdrawalChecks = {
  name: 'getWithdrawalChecks',
  method: 'GET',
  path: '/api/transactions/wallet-transactions/checks',
  access: 'read',
} as const;

export const listAssets = {
  name: 'listAssets',
  method: 'GET',
  path: '/api/transactions/assets',
  access: 'read',
} as const;

export const listCommissionRules = {
  name: 'listCommissionRules',
  method: 'GET',
  path: '/api/transactions/commissions',
  access: 'read',
} as const;

export const listOffers = {
  name: 'listOffers',
  method: 'GET',
  path: '/api/transactions/p2p/offers',
  access: 'read',
} as const;

export const listRealtimeChecks = {
  name: 'listRealtimeChecks',
  method: 'GET',
  path: '/api/transactions/checks',
  access: 'read',
} as const;

export const listTrades = {
  name: 'listTrades',
  method: 'GET',
  path: '/api/transactions/p2p/trades',
  access: 'read',
} as const;

export const listTransactionLimits = {
  name: 'listTransactionLimits',
  method: 'GET',
  path: '/api/transactions/transaction-limits',
  access: 'read',
} as const;

export const listWalletTransactions = {
  name: 'listWalletTransactions',
  method: 'GET',
  path: '/api/transactions/wallet-transactions',
  access: 'read',
} as const;

export const previewCommission = {
  name: 'previewCommission',
  method: 'GET',
  path: '/api/transactions/commissions/preview',
  access: 'read',
} as const;

export const rejectWithdrawal = {
  name: 'rejectWithdrawal',
  method: 'POST',
  path: '/api/transactions/wallet-transactions/reject',
  access: 'approve',
} as const;

export const resumeOffer = {
  name: 'resumeOffer',
  method: 'POST',
  path: '/api/transactions/p2p/offers/resume',
  access: 'p2p',
} as const;

export const settleDispute = {
  name: 'settleDispute',
  method: 'POST',
  path: '/api/transactions/p2p/trades/settle',
  access: 'p2p',
} as const;

export const suspendOffer = {
  name: 'suspendOffer',
  method: 'POST',
  path: '/api/transactions/p2p/offers/suspend',
  access: 'p2p',
} as const;

export const updateCommissionRule = {
  name: 'updateCommissionRule',
  method: 'POST',
  path: '/api/transactions/commissions/update',
  access: 'configure',
} as const;

export const updateTransactionLimit = {
  name: 'updateTransactionLimit',
  method: 'POST',
  path: '/api/transactions/transaction-limit-update',
  access: 'configure',
} as const;
