import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useId } from 'react';

/**
 * Mantine's PasswordInput, with what it leaves out of the inner input: `aria-invalid` and
 * `aria-describedby` pointing at the error (or the hint), so screen readers hear the message.
 */
export function PasswordField(props: PasswordInputProps) {
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const describedBy = props.error
    ? `${id}-error`
    : props.description
      ? `${id}-description`
      : undefined;
  return (
    <PasswordInput
      {...props}
      id={id}
      aria-invalid={props.error ? true : undefined}
      aria-describedby={describedBy}
    />
  );
}
