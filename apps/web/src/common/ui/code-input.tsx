import { OTP_LENGTH, sanitizeDigits } from '@candid/domain';
import { Input, PinInput } from '@mantine/core';
import { useId, useRef, type ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A 6-digit code in six boxes (digits only, OTP is 6 digits). A paste keeps only the
 * digits ("123 456", "123-456" and "Code: 123456" all give 123456). Codes read left to right in
 * Hebrew too.
 */
export function CodeInput({
  label,
  value,
  onChange,
  onBlur,
  error,
  disabled,
  autoFocus,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const rootRef = useRef<HTMLDivElement>(null);

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = sanitizeDigits(event.clipboardData.getData('text')).slice(0, OTP_LENGTH);
    if (!digits) return;
    onChange(digits);
    const boxes = rootRef.current?.querySelectorAll<HTMLInputElement>('input:not([type="hidden"])');
    boxes?.[Math.min(digits.length, OTP_LENGTH - 1)]?.focus();
  };

  return (
    <Input.Wrapper
      id={`${id}-1`}
      label={label}
      labelProps={{ id: labelId }}
      error={error}
      errorProps={{ id: errorId, role: 'alert' }}
    >
      <PinInput
        id={id}
        rootRef={rootRef}
        aria-labelledby={labelId}
        length={OTP_LENGTH}
        type="number"
        size="lg"
        gap={8}
        mt={6}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        error={Boolean(error)}
        disabled={disabled}
        autoFocus={autoFocus}
        placeholder=""
        // Six equal boxes across the form's width, on phones and in either direction.
        styles={{
          root: { width: '100%', justifyContent: 'space-between' },
          pinInput: { flex: '1 1 0', minWidth: 0, maxWidth: 56 },
          input: { width: '100%' },
        }}
        getInputProps={(index) => ({
          onPaste: handlePaste,
          'aria-label': t('auth.code.digitLabel', { index: index + 1, count: OTP_LENGTH }),
          'aria-invalid': Boolean(error),
          'aria-describedby': error ? errorId : undefined,
        })}
      />
    </Input.Wrapper>
  );
}
