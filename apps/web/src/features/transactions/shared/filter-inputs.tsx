import { Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';

/** A text filter that writes to the URL after a pause in typing, not on every key. */
export function TextFilter({
  label,
  value,
  onChange,
  name,
  placeholder,
  width = 160,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  name: string;
  placeholder?: string;
  width?: number;
}) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  const commit = useDebouncedCallback((next: string) => onChange(next.trim() || undefined), 350);
  return (
    <TextInput
      label={label}
      name={name}
      placeholder={placeholder}
      w={width}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        commit(e.currentTarget.value);
      }}
    />
  );
}

export function SelectFilter({
  label,
  value,
  options,
  onChange,
  name,
  clearable = true,
  width = 160,
}: {
  label: string;
  value: string | undefined;
  options: { value: string; label: string }[];
  onChange: (value: string | undefined) => void;
  name: string;
  clearable?: boolean;
  width?: number;
}) {
  return (
    <Select
      label={label}
      name={name}
      w={width}
      data={options}
      value={value ?? null}
      onChange={(v) => onChange(v ?? undefined)}
      clearable={clearable}
      allowDeselect={clearable}
    />
  );
}
