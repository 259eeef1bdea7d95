// Generated from crm/index.ts by `npm run contract:routes`; do not edit.
// Plain strings, no zod: the web names an endpoint with these before its schemas load.

export const addNote = {
  name: 'addNote',
  method: 'POST',
  path: '/api/customers/notes',
  access: 'operate',
} as const;

export const addRestriction = {
  name: 'addRestriction',
  method: 'POST',
  path: '/api/customers/restrictions/add',
  access: 'operate',
} as const;

export const countUsers = {
  name: 'countUsers',
  method: 'GET',
  path: '/api/customers/count-users',
  access: 'read',
} as const;

export const createCustomer = {
  name: 'createCustomer',
  method: 'POST',
  path: '/api/customers/create',
  access: 'operate',
} as const;

export const exportCustomers = {
  name: 'exportCustomers',
  method: 'GET',
  path: '/api/customers/export',
  access: 'exportPersonal',
} as const;

export const exportUserAssets = {
  name: 'exportUserAssets',
  method: 'GET',
  path: '/api/user-assets/export',
  access: 'exportPersonal',
} as const;

export const getAssetTotals = {
  name: 'getAssetTotals',
  method: 'GET',
  path: '/api/user-assets/totals',
  access: 'read',
} as const;

export const getCrmOverview = {
  name: 'getCrmOverview',
  method: 'GET',
  path: '/api/crm/overview',
  access: 'read',
} as const;

export const getCustomer = {
  name: 'getCustomer',
  method: 'GET',
  path: '/api/customers/detail',
  access: 'read',
} as const;

export const getCustomerFacets = {
  name: 'getCustomerFacets',
  method: 'GET',
  path: '/api/customers/facets',
  access: 'read',
} as const;

export const getUsers = {
  name: 'getUsers',
  method: 'GET',
  path: '/api/customers/get-users',
  access: 'read',
} as const;

export const liftRestriction = {
  name: 'liftRestriction',
  method: 'POST',
  path: '/api/customers/restrictions/lift',
  access: 'operate',
} as const;

export const listCustomerKyc = {
  name: 'listCustomerKyc',
  method: 'GET',
  path: '/api/customers/kyc',
  access: 'read',
} as const;

export const listCustomerTypes = {
  name: 'listCustomerTypes',
  method: 'GET',
  path: '/api/customer-types',
  access: 'read',
} as const;

export const listRestrictions = {
  name: 'listRestrictions',
  method: 'GET',
  path: '/api/customers/restrictions',
  access: 'read',
} as const;

export const listUserAssets = {
  name: 'listUserAssets',
  method: 'GET',
  path: '/api/user-assets',
  access: 'read',
} as const;

export const moveCustomers = {
  name: 'moveCustomers',
  method: 'POST',
  path: '/api/customer-types/move',
  access: 'configure',
} as const;

export const updateCustomer = {
  name: 'updateCustomer',
  method: 'POST',
  path: '/api/customers/update',
  access: 'operate',
} as const;

export const updateCustomerType = {
  name: 'updateCustomerType',
  method: 'POST',
  path: '/api/customer-types/update',
  access: 'configure',
} as const;
