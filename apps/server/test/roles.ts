import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { createSessionsRepository } from '../src/modules/platform/auth/sessions.repository.ts';
import { generateToken, hashToken } from '../src/modules/platform/auth/tokens.ts';
import type { TestApp } from './harness.ts';

export type DemoMember = 'super' | 'admin' | 'manager' | 'support';

/**
 * Authorization headers of a session opened directly in the database, so even `support` (who can
 * never sign in) carries one: the server's role checks are tested, not only the sign-in refusal.
 */
export async function sessionHeaders(
  t: Pick<TestApp, 'db' | 'clock'>,
  userName: DemoMember,
): Promise<Record<string, string>> {
  const member = await t.db.execute<{ id: number }>(
    sql`SELECT id FROM staff_members WHERE user_name = ${userName}`,
  );
  const memberId = member.rows[0]!.id;
  const sessions = createSessionsRepository();
  const token = generateToken('access');
  const at = t.clock.now();
  const expiresAt = new Date(at.getTime() + 3_600_000);
  const sessionId = await sessions.createSession(t.db, {
    memberId,
    at,
    expiresAt,
    ip: '127.0.0.1',
    userAgent: 'test',
  });
  await sessions.addToken(t.db, { hash: hashToken(token), sessionId, kind: 'access', at, expiresAt });
  return { authorization: `Bearer ${token}` };
}

export interface RoleExpectations {
  none: number;
  support: number;
  manager: number;
  admin: number;
  super: number;
}

export interface RoleRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
}

/** Sends one request as nobody and as each demo member and checks every status code. */
export async function expectRoles(
  t: Pick<TestApp, 'app' | 'db' | 'clock'>,
  request: RoleRequest,
  expected: RoleExpectations,
): Promise<void> {
  const actual: Record<string, number> = {};
  for (const who of Object.keys(expected) as (keyof RoleExpectations)[]) {
    const headers = who === 'none' ? {} : await sessionHeaders(t, who);
    const res = await t.app.inject({ ...request, headers, payload: request.payload as never });
    actual[who] = res.statusCode;
  }
  expect({ request: `${request.method} ${request.url}`, ...actual }).toEqual({
    request: `${request.method} ${request.url}`,
    ...expected,
  });
}
