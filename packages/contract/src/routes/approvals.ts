// Generated from approvals.ts by `npm run contract:routes`; do not edit.
// Plain strings, no zod: the web names an endpoint with these before its schemas load.

export const approveApprovalRequest = {
  name: 'approveApprovalRequest',
  method: 'POST',
  path: '/api/approvals/approve',
  access: 'approve',
} as const;

export const cancelApprovalRequest = {
  name: 'cancelApprovalRequest',
  method: 'POST',
  path: '/api/approvals/cancel',
  access: 'approve',
} as const;

export const listApprovalRequests = {
  name: 'listApprovalRequests',
  method: 'GET',
  path: '/api/approvals',
  access: 'read',
} as const;

export const rejectApprovalRequest = {
  name: 'rejectApprovalRequest',
  method: 'POST',
  path: '/api/approvals/reject',
  access: 'approve',
} as const;
