import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/errors.ts';
import { notify } from '../../../lib/notify.ts';

/**
 * Runs one webhook action and says how it went: a green toast with `done`, or a red one with the
 * server's reason. A refusal is rethrown, so a confirm dialog stays open (useConfirm).
 */
export function useWebhookAction() {
  const { t } = useTranslation('settings');
  return async <R>(action: Promise<R>, done: string | ((result: R) => string)): Promise<R> => {
    try {
      const result = await action;
      notify({ title: typeof done === 'string' ? done : done(result), color: 'green' });
      return result;
    } catch (error) {
      notify({ title: t('webhooks.actionFailed'), description: errorText(error), color: 'red' });
      throw error;
    }
  };
}
