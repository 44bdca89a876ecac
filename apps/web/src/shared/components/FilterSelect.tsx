import { Select } from 'antd';

interface FilterSelectProps<T extends string> {
  testId: string;
  label: string;
  value: T | 'all';
  onChange: (value: T | 'all') => void;
  /** The first option, which sets no filter. */
  allLabel: string;
  values: readonly T[];
  labelOf: (value: T) => string;
}

/** One filter of a list page: "all" first, then each value. */
export function FilterSelect<T extends string>({
  testId,
  label,
  value,
  onChange,
  allLabel,
  values,
  labelOf,
}: FilterSelectProps<T>) {
  return (
    <Select<T | 'all'>
      data-testid={testId}
      aria-label={label}
      value={value}
      onChange={onChange}
      // Two fit on one row of a phone-wide page.
      style={{ width: 180, maxWidth: 'calc(50% - 4px)' }}
      options={[{ value: 'all', label: allLabel }, ...values.map((v) => ({ value: v, label: labelOf(v) }))]}
    />
  );
}
