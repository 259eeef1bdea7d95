export { DateField, DateTimeField, toIsoInstant } from './date-fields.tsx';
export { DecimalInput, decimalInputText } from './decimal-input.tsx';
export { FormActions } from './form-actions.tsx';
export { FormFailure } from './form-failure.tsx';
export { FormShell, ModalForm } from './form-shell.tsx';
export { useContractForm } from './use-contract-form.ts';
export { useDialogForm } from './use-dialog-form.ts';
