export type { CaptchaChallenge, LoginBody, LoginResponse, StaffUser } from './auth.ts';
export * as authApi from './auth.ts';
export type { DashboardKpis } from './dashboard.ts';
export * as dashboardApi from './dashboard.ts';
export * from './endpoint.ts';
export * from './errors.ts';
export * from './messages.ts';
export * from './roles.ts';
