import { notify } from '../../lib/notify.ts';
import { type ContractFormOptions, useContractForm } from './use-contract-form.ts';

type Values = Record<string, unknown>;

export interface DialogFormOptions<V extends Values, Body> extends ContractFormOptions<V, Body> {
  /** Sends the checked body; resolves when the change is done, rejects with the server's refusal. */
  send: (body: Body) => Promise<unknown>;
  /** The green toast once it is done. */
  done: string;
  onClose: () => void;
}

/**
 * A contract form in a dialog (ModalForm): sends, says what was done, then closes. `shell` goes onto
 * the ModalForm as it is; the dialog adds its title, test id and submit label.
 */
export function useDialogForm<V extends Values, Body>({
  send,
  done,
  onClose,
  ...options
}: DialogFormOptions<V, Body>) {
  const { form, failure, submit } = useContractForm(options);
  const onSubmit = submit(async (body) => {
    await send(body);
    notify({ title: done, color: 'green' });
    onClose();
  });
  return { form, shell: { onClose, onSubmit, failure, centered: true } };
}
