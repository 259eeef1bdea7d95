import { TextInput, type TextInputProps } from '@mantine/core';
import { useLanguage } from '../../lib/language.ts';
import { decimalExample, formatDecimal, parseDecimal } from '../../lib/locale-format.ts';

export interface DecimalInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** The text as typed, in the member's locale; the form reads it with `parseDecimal`. */
  value?: string;
  onChange: (text: string) => void;
}

/**
 * An exact amount typed the member's way (tr `1.234,56`, en `1,234.56`). It keeps the text as typed
 * while editing and regroups it on leaving the field; the form turns it into the canonical decimal
 * string and refuses, with one message, more places than the asset allows.
 */
export function DecimalInput({ value = '', onChange, onBlur, placeholder, ...props }: DecimalInputProps) {
  const { locale } = useLanguage();
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder ?? decimalExample(locale)}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={(event) => {
        const parsed = parseDecimal(value, locale);
        // Regroup a valid amount for reading, keeping the places typed ("1234,50" → "1.234,50").
        if (parsed.ok && parsed.value !== '') {
          const whole = parsed.value.split('.')[0] ?? '0';
          const regrouped = formatDecimal(locale, whole) + typedPlaces(value, locale);
          if (regrouped !== value) onChange(regrouped);
        }
        onBlur?.(event);
      }}
      {...props}
    />
  );
}

/** The decimal separator and the places exactly as typed (trailing zeros included), or ''. */
function typedPlaces(text: string, locale: string): string {
  const separator = formatDecimal(locale, '0.1').charAt(1);
  const at = text.lastIndexOf(separator);
  return at === -1 ? '' : text.slice(at).replace(/\s/g, '');
}

/** The locale text of a canonical amount, for a form's initial values. */
export const decimalInputText = (locale: string, value: string | null | undefined): string =>
  value ? formatDecimal(locale, value) : '';
