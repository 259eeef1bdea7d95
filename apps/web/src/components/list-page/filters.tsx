import { Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { DateField } from '../forms/date-fields.tsx';

interface FilterProps {
  /** The URL parameter it sets; also the input's name. */
  name: string;
  label: string;
  value: string | undefined;
  /** undefined clears the filter. */
  onChange: (value: string | undefined) => void;
  width?: number;
  testId?: string;
}

/** Free text written to the URL after a pause in typing, not on every key. */
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
  const commit = useDebouncedCallback((next: string) => onChange(next.trim() || undefined), 300);
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
  return (
    <Select
      label={label}
      name={name}
      w={width}
      data={options as (string | { value: string; label: string })[]}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      placeholder={placeholder}
      clearable={clearable}
      allowDeselect={clearable}
      searchable={searchable}
      comboboxProps={{ withinPortal: true }}
      data-testid={testId}
    />
  );
}

/** A day picked from a calendar in the member's language; the URL keeps it as YYYY-MM-DD. */
export function DateFilter({ name, label, value, onChange, width = 150, testId }: FilterProps) {
  return (
    <DateField
      label={label}
      name={name}
      w={width}
      value={value ?? null}
      onChange={(next) => onChange(next ? String(next).slice(0, 10) : undefined)}
      data-testid={testId}
    />
  );
}
