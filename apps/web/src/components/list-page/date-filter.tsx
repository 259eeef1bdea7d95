import { DateField } from '../forms/date-fields.tsx';
import { DATE_FILTER_WIDTH, type FilterProps } from './filters.tsx';

/** The date filter itself, loaded on demand by filters.tsx's DateFilter. */
export default function DateFilter({
  name,
  label,
  value,
  onChange,
  width = DATE_FILTER_WIDTH,
  testId,
}: FilterProps) {
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
