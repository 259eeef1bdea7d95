import i18next from 'i18next';
import { errorText } from './errors.ts';

/**
 * A passkey ceremony's failure in words: the browser's own refusals (the member cancelled, no
 * authenticator answered in time) have no server code, so they are worded here.
 */
export function passkeyErrorText(error: unknown): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError' || name === 'InvalidStateError')
    return i18next.t('twofa:passkeys.cancelled');
  if (name === 'NotSupportedError') return i18next.t('twofa:passkeys.unsupported');
  return errorText(error);
}
