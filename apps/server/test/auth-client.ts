import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';

/** Fetches a captcha and solves it for real, as the browser does. */
export async function solvedCaptcha(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/auth/captcha' });
  const challenge = res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export async function login(
  app: FastifyInstance,
  user_name: string,
  password = 'backdesk-demo',
  headers = {},
) {
  const captchaToken = await solvedCaptcha(app);
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { user_name, password, captchaToken },
    headers,
  });
}

/** `name=value` pairs of the response's Set-Cookie headers, to send back as a Cookie header. */
export function cookieHeader(res: { cookies: { name: string; value: string }[] }): string {
  return res.cookies
    .filter((c) => c.value !== '')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
}
