export const WALLET_STATUS_COLOR: Record<string, string> = {
  pending: 'blue',
  under_review: 'orange',
  completed: 'green',
  rejected: 'red',
  failed: 'gray',
};
