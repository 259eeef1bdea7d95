import { Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const DATE_FILTER_WIDTH = 150;

export interface FilterProps {
  /** The URL parameter it sets; also the input's name. */
  name: string;
  label: string;
  value: string | undefined;
  /** undefined clears the filter. */
  onChange: (value: string | undefined) => void;
  width?: number;
  testId?: string;
}

/**
 * Free text written to the URL after a pause in typing, not on every key. The pause is short (issue 40's
 * budget is 300 ms from the last key to its rows, and 300 ms of pause alone spent it): a word typed
 * faster commits once; a slower one commits a prefix on the way, whose request the next commit
 * cancels (the query's AbortSignal: its observer moves to the new key), and whose answer is never
 * drawn over the later one's (decision 0028).
 */
const SEARCH_PAUSE_MS = 120;

export function TextFilter({
  name,
  label,
  value,
  onChange,
  width = 160,
  testId,
  placeholder,
  search,
}: FilterProps & { placeholder?: string; search?: boolean }) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  const commit = useDebouncedCallback((next: string) => onChange(next.trim() || undefined), SEARCH_PAUSE_MS);
  return (
    <TextInput
      label={label}
      name={name}
      placeholder={placeholder}
      leftSection={search ? <IconSearch size={16} /> : undefined}
      w={width}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      data-testid={testId}
    />
  );
}

/** One value from a list; clearable unless the filter always has a value (a default status). */
export function SelectFilter({
  name,
  label,
  value,
  onChange,
  width = 160,
  testId,
  options,
  placeholder,
  clearable = true,
  searchable,
}: FilterProps & {
  options: readonly (string | { value: string; label: string })[];
  placeholder?: string;
  clearable?: boolean;
  searchable?: boolean;
}) {
  const { t } = useTranslation('list');
  return (
    <Select
      label={label}
      name={name}
      w={width}
      data={options as (string | { value: string; label: string })[]}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      // An empty filter that can be emptied reads as every value, as on every list.
      placeholder={placeholder ?? (clearable ? t('anyValue') : undefined)}
      clearable={clearable}
      allowDeselect={clearable}
      searchable={searchable}
      data-testid={testId}
    />
  );
}

// The calendar (Mantine dates, dayjs) is a large download that only date filters need: it loads with
// the first of them, and the lists without one (the customers) never fetch it.
const LazyDateFilter = lazy(() => import('./date-filter.tsx'));

/** A day picked from a calendar in the member's language; the URL keeps it as YYYY-MM-DD. */
export function DateFilter(props: FilterProps) {
  // Until the calendar's code is in, a read-only field of the same size holds its place.
  const placeholder = (
    <TextInput label={props.label} w={props.width ?? DATE_FILTER_WIDTH} value={props.value ?? ''} readOnly />
  );
  return (
    <Suspense fallback={placeholder}>
      <LazyDateFilter {...props} />
    </Suspense>
  );
}
