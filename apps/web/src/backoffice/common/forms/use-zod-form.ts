import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** A validation issue as the domain's zod schemas report it: the field path and an i18n key. */
export interface FormIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * What the hook needs of a schema: zod's `safeParse`. The domain's validators (`loginInputSchema`,
 * `signupInputSchema`, …) fit as they are; the web app does not import zod itself.
 */
export interface FormSchema<TOutput> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: TOutput }
    | { success: false; error: { readonly issues: readonly FormIssue[] } };
}

export type FormValues<K extends string> = Record<K, string>;
/** Field → i18n key of the message shown under it. */
export type FormErrors<K extends string> = Partial<Record<K, string>>;

/** What a Mantine input needs: value, change and blur handlers, and the translated error. */
export interface FormInputProps {
  value: string;
  onChange: (eventOrValue: ChangeEvent<HTMLInputElement> | string) => void;
  onBlur: () => void;
  error: string | undefined;
}

function collectErrors<K extends string>(issues: readonly FormIssue[]): FormErrors<K> {
  const errors: FormErrors<K> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field as K] = issue.message;
  }
  return errors;
}

/**
 * Form state validated by a domain schema, with the spec's rules (§5):
 * - errors appear on submit, for every field at once;
 * - once a field's error has been shown, leaving the field (blur) validates it again, so the
 *   message changes or disappears as the user fixes it;
 * - the submit handler receives the schema's output, i.e. trimmed (and, for emails,
 *   lower-cased) values, never the raw input.
 * Server errors that belong to a field (EMAIL_TAKEN_ERR on the email) are set with
 * `setFieldError` and disappear as soon as the field is edited.
 */
export function useZodForm<K extends string, TOutput>({
  schema,
  initialValues,
}: {
  schema: FormSchema<TOutput>;
  initialValues: FormValues<K>;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<FormValues<K>>(initialValues);
  const [errors, setErrors] = useState<FormErrors<K>>({});
  const [serverErrors, setServerErrors] = useState<FormErrors<K>>({});
  // Fields whose error has been shown at least once: only these re-validate on blur.
  const shownFields = useRef(new Set<K>());

  function validate(current: FormValues<K>) {
    const result = schema.safeParse(current);
    return result.success
      ? { data: result.data, errors: {} as FormErrors<K> }
      : { data: undefined, errors: collectErrors<K>(result.error.issues) };
  }

  function setFieldValue(field: K, value: string) {
    setValues((previous) => ({ ...previous, [field]: value }));
    setServerErrors((previous) =>
      previous[field] ? { ...previous, [field]: undefined } : previous,
    );
  }

  function validateField(field: K) {
    if (!shownFields.current.has(field)) return;
    const fieldError = validate(values).errors[field];
    setErrors((previous) => ({ ...previous, [field]: fieldError }));
  }

  function setFieldError(field: K, messageKey: string) {
    shownFields.current.add(field);
    setServerErrors((previous) => ({ ...previous, [field]: messageKey }));
  }

  /** The i18n key of the error shown under a field, if any. */
  function getError(field: K): string | undefined {
    return errors[field] ?? serverErrors[field];
  }

  /**
   * A submit handler: validates everything, shows every error, and calls `onValid` with the
   * parsed (trimmed) values when there is none.
   */
  function onSubmit(onValid: (data: TOutput) => void | Promise<void>) {
    return (event?: FormEvent) => {
      event?.preventDefault();
      const result = validate(values);
      setErrors(result.errors);
      setServerErrors({});
      for (const field of Object.keys(result.errors) as K[]) shownFields.current.add(field);
      if (result.data !== undefined) return onValid(result.data);
      return undefined;
    };
  }

  function getInputProps(field: K): FormInputProps {
    const errorKey = getError(field);
    return {
      value: values[field],
      onChange: (eventOrValue) =>
        setFieldValue(
          field,
          typeof eventOrValue === 'string' ? eventOrValue : eventOrValue.currentTarget.value,
        ),
      onBlur: () => validateField(field),
      error: errorKey ? t(errorKey) : undefined,
    };
  }

  return {
    values,
    setFieldValue,
    setFieldError,
    getError,
    getInputProps,
    onSubmit,
    /** Replaces the values (e.g. when the loaded user arrives) and forgets every error. */
    reset(next: FormValues<K>) {
      setValues(next);
      setErrors({});
      setServerErrors({});
      shownFields.current.clear();
    },
  };
}
