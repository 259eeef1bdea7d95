import { Textarea, type TextareaProps } from '@mantine/core';

/** The note an alert or a case is closed with: required, and room for a few lines from the start. */
export function ClosingNote(props: TextareaProps & { 'data-testid': string }) {
  return <Textarea name="note" required autosize minRows={3} {...props} />;
}
