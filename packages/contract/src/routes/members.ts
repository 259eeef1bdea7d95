// Generated from members.ts by `npm run contract:routes`; do not edit.
// Plain strings, no zod: the web names an endpoint with these before its schemas load.

export const changeMemberRoles = {
  name: 'changeMemberRoles',
  method: 'POST',
  path: '/api/members/roles',
  access: 'staff',
} as const;

export const createMember = {
  name: 'createMember',
  method: 'POST',
  path: '/api/members/create',
  access: 'staff',
} as const;

export const disableMember = {
  name: 'disableMember',
  method: 'POST',
  path: '/api/members/disable',
  access: 'staff',
} as const;

export const enableMember = {
  name: 'enableMember',
  method: 'POST',
  path: '/api/members/enable',
  access: 'staff',
} as const;

export const endMemberSessions = {
  name: 'endMemberSessions',
  method: 'POST',
  path: '/api/members/sessions/end',
  access: 'staff',
} as const;

export const issueOneTimePassword = {
  name: 'issueOneTimePassword',
  method: 'POST',
  path: '/api/members/one-time-password',
  access: 'staff',
} as const;

export const linkMemberIdentity = {
  name: 'linkMemberIdentity',
  method: 'POST',
  path: '/api/members/identities/link',
  access: 'staff',
} as const;

export const listMembers = {
  name: 'listMembers',
  method: 'GET',
  path: '/api/members',
  access: 'staff',
} as const;

export const unlinkMemberIdentity = {
  name: 'unlinkMemberIdentity',
  method: 'POST',
  path: '/api/members/identities/unlink',
  access: 'staff',
} as const;
