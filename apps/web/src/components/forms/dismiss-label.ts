import type { TFunction } from 'i18next';

/**
 * The button that closes a dialog without acting. It says "Cancel", unless the action itself is a
 * cancelling ("Cancel trade"): then "Cancel" beside it would read as the same thing, and it says
 * "Go back". Compared in the member's language, ignoring case.
 */
export function dismissLabel(t: TFunction<'common'>, confirmLabel: string): string {
  const cancel = t('actions.cancel');
  const same = confirmLabel.toLocaleLowerCase().includes(cancel.toLocaleLowerCase());
  return same ? t('actions.back') : cancel;
}
