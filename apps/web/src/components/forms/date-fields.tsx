import '@mantine/dates/styles.css';
import 'dayjs/locale/tr';
import {
  DatePickerInput,
  type DatePickerInputProps,
  DatesProvider,
  DateTimePicker,
  type DateTimePickerProps,
} from '@mantine/dates';
import dayjs from 'dayjs';
import { useLanguage } from '../../lib/language.ts';

/**
 * Date pickers in the member's language (month and day names, first day of the week, formats), so
 * no date is ever typed as text. Values are the pickers' local "YYYY-MM-DD HH:mm:ss" strings; a
 * request takes `toIsoInstant(value)`.
 */
function LocaleDates({ children }: { children: React.ReactNode }) {
  const { language } = useLanguage();
  return <DatesProvider settings={{ locale: language, firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}

export function DateTimeField(props: Omit<DateTimePickerProps, 'valueFormat'>) {
  return (
    <LocaleDates>
      <DateTimePicker valueFormat="DD MMM YYYY HH:mm" clearable {...props} />
    </LocaleDates>
  );
}

export function DateField(props: Omit<DatePickerInputProps<'default'>, 'valueFormat'>) {
  return (
    <LocaleDates>
      <DatePickerInput valueFormat="DD MMM YYYY" clearable {...props} />
    </LocaleDates>
  );
}

/** A picker's local date-time as an ISO instant for the API; undefined when none was picked. */
export const toIsoInstant = (value: string | null | undefined): string | undefined =>
  value ? dayjs(value).toISOString() : undefined;
