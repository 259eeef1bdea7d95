// Standard Webhooks (https://www.standardwebhooks.com): how Backdesk signs each delivery of an event
// and how the exchange's receiver checks it. `webhook-signature` holds one or more space-separated
// `v1,<base64 HMAC-SHA256>` over `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed by the bytes of
// the endpoint's `whsec_<base64>` secret; during a rotation it carries one signature per secret.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type BackdeskEvent, EventSchema } from '@backdesk/contract/public';

/** Five minutes either way, the specification's recommendation against replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const WEBHOOK_FAILURES = [
  'SECRET_INVALID',
  'HEADERS_MISSING',
  'TIMESTAMP_INVALID',
  'TIMESTAMP_OUT_OF_TOLERANCE',
  'SIGNATURE_MISMATCH',
  'PAYLOAD_INVALID',
] as const;
export type WebhookFailure = (typeof WEBHOOK_FAILURES)[number];

/** The delivery is not to be trusted (or not an event): answer it 400 and do not act on it. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  constructor(
    readonly reason: WebhookFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Headers as fetch, Node's http or a framework hands them over. */
export type WebhookHeaders =
  | { get(name: string): string | null }
  | Readonly<Record<string, string | readonly string[] | undefined>>;

export interface VerifyOptions {
  /** How far `webhook-timestamp` may be from now (WEBHOOK_TOLERANCE_SECONDS by default). */
  toleranceSeconds?: number;
  /** Now, in milliseconds since the epoch (a test's clock). */
  now?: () => number;
}

const SECRET_PREFIX = 'whsec_';

/** The key bytes of a `whsec_<base64>` secret (the prefix may be left off). */
function secretBytes(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 === 1)
    throw new WebhookVerificationError('SECRET_INVALID', 'The secret is not whsec_ followed by base64');
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length === 0) throw new WebhookVerificationError('SECRET_INVALID', 'The secret is empty');
  return bytes;
}

const bodyBytes = (body: string | Uint8Array) =>
  typeof body === 'string'
    ? Buffer.from(body, 'utf8')
    : Buffer.from(body.buffer, body.byteOffset, body.byteLength);

function mac(key: Buffer, id: string, timestamp: string, body: Buffer): Buffer {
  return createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest();
}

/** The `webhook-signature` value for one secret: what Backdesk sends, and what a receiver's test can forge. */
export function signWebhook(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string | Uint8Array,
): string {
  return `v1,${mac(secretBytes(secret), id, String(timestampSeconds), bodyBytes(body)).toString('base64')}`;
}

function header(headers: WebhookHeaders, name: string): string | null {
  if (typeof headers.get === 'function') return (headers as { get(n: string): string | null }).get(name);
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return (Array.isArray(value) ? value[0] : (value as string | undefined)) ?? null;
}

/**
 * Checks a delivery's signature and timestamp against one secret or several (a rotation's old and
 * new), with a constant-time compare; returns the verified body as text. Throws
 * WebhookVerificationError otherwise. For any payload; `verifyWebhook` also reads the event.
 */
export function verifyWebhookSignature(
  secrets: string | readonly string[],
  headers: WebhookHeaders,
  rawBody: string | Uint8Array,
  options: VerifyOptions = {},
): { id: string; timestamp: number; body: string } {
  const keys = (typeof secrets === 'string' ? [secrets] : secrets).map(secretBytes);
  if (keys.length === 0) throw new WebhookVerificationError('SECRET_INVALID', 'No secret to verify with');
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures)
    throw new WebhookVerificationError(
      'HEADERS_MISSING',
      'webhook-id, webhook-timestamp and webhook-signature are all required',
    );
  if (!/^\d{1,12}$/.test(timestamp))
    throw new WebhookVerificationError('TIMESTAMP_INVALID', 'webhook-timestamp is not whole seconds');
  const seconds = Number(timestamp);
  const nowSeconds = Math.floor((options.now?.() ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - seconds) > (options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS))
    throw new WebhookVerificationError(
      'TIMESTAMP_OUT_OF_TOLERANCE',
      'webhook-timestamp is too far from now: a replay, or a clock that is off',
    );
  const body = bodyBytes(rawBody);
  const expected = keys.map((key) => mac(key, id, timestamp, body));
  // Every v1 signature against every secret; other versions (v1a, v2…) are not ours to check.
  const given = signatures
    .split(' ')
    .filter((part) => part.startsWith('v1,'))
    .map((part) => Buffer.from(part.slice(3), 'base64'));
  const match = given.some((sig) =>
    expected.some((want) => sig.length === want.length && timingSafeEqual(sig, want)),
  );
  if (!match) throw new WebhookVerificationError('SIGNATURE_MISMATCH', 'No signature matches the secret');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new WebhookVerificationError('PAYLOAD_INVALID', 'The body is not UTF-8 text');
  }
  return { id, timestamp: seconds, body: text };
}

/**
 * Verifies a Backdesk delivery (verifyWebhookSignature) and returns its event, typed by the contract.
 * The event's id must be the delivery's `webhook-id`: the id to deduplicate deliveries by.
 */
export function verifyWebhook(
  secrets: string | readonly string[],
  headers: WebhookHeaders,
  rawBody: string | Uint8Array,
  options: VerifyOptions = {},
): BackdeskEvent {
  const { id, body } = verifyWebhookSignature(secrets, headers, rawBody, options);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new WebhookVerificationError('PAYLOAD_INVALID', 'The body is not JSON');
  }
  const event = EventSchema.safeParse(json);
  if (!event.success)
    throw new WebhookVerificationError('PAYLOAD_INVALID', 'The body is not a Backdesk event');
  if (event.data.id !== id)
    throw new WebhookVerificationError('PAYLOAD_INVALID', "The event's id is not the delivery's webhook-id");
  return event.data;
}
