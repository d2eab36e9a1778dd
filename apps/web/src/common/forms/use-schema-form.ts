import { zodResolver } from '@hookform/resolvers/zod';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
// Types only: the schema (and zod with it) comes from packages/domain, in the form's own chunk.
import type { ZodType } from 'zod';

/** What a Mantine text input needs from the form: react-hook-form's registration and the translated error. */
export type TextFieldProps = ReturnType<UseFormReturn['register']> & { error: string | undefined };

export type SchemaForm<TInput extends FieldValues, TOutput extends FieldValues> = UseFormReturn<
  TInput,
  unknown,
  TOutput
> & {
  /** The translated error under a field (zod issues carry i18n keys), if any. */
  errorOf: (name: Path<TInput>) => string | undefined;
  /** Registration plus translated error, to spread on a Mantine TextInput or PasswordInput. */
  textField: (name: Path<TInput>, options?: { deps?: Path<TInput>[] }) => TextFieldProps;
  /** A controlled field (value in, value out) for inputs that are not one native input (PinInput). */
  valueField: <TName extends Path<TInput>>(
    name: TName,
  ) => ValueFieldProps<PathValue<TInput, TName>>;
};

export interface ValueFieldProps<TValue> {
  value: TValue;
  onChange: (value: TValue) => void;
  onBlur: () => void;
  error: string | undefined;
}

/**
 * Every form of the web app: react-hook-form validated by a schema from packages/domain (one rule,
 * both sides), with the product's timing:
 * - errors appear on submit, for every field at once, and the first invalid field gets focus;
 * - after that each field is checked again as it changes, so a fixed value stops being red
 *   while the user types and a new mistake shows at once;
 * - the submit handler receives the schema's output: trimmed (emails lower-cased) values.
 * Server errors that belong to a field (EMAIL_TAKEN_ERR) are set with `setError(name, {
 * message: i18nKey })`; the next change of the field validates it again and clears them.
 */
export function useSchemaForm<TInput extends FieldValues, TOutput extends FieldValues>(
  schema: ZodType<TOutput, TInput>,
  defaultValues: DefaultValues<TInput>,
  options: {
    /**
     * When errors first show: on submit (the default), or `'all'` for a small dialog
     * that shows each field's error as soon as it is edited or left.
     */
    mode?: 'onSubmit' | 'all';
    /**
     * Whether a failed submit moves the focus to the first invalid field (the default). An
     * autosave validates while the user types elsewhere and must leave the focus where it is.
     */
    shouldFocusError?: boolean;
  } = {},
): SchemaForm<TInput, TOutput> {
  const { t } = useTranslation();
  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: options.mode ?? 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: options.shouldFocusError ?? true,
  });
  const errorOf = (name: Path<TInput>) => {
    const message: unknown = (get(form.formState.errors, name) as { message?: unknown } | undefined)
      ?.message;
    return typeof message === 'string' && message ? t(message) : undefined;
  };
  return {
    ...form,
    errorOf,
    // `deps`: fields checked again with this one (a confirmation follows its password).
    textField: (name, fieldOptions) => ({
      ...form.register(name, fieldOptions?.deps ? { deps: fieldOptions.deps } : {}),
      error: errorOf(name),
    }),
    valueField: (name) => ({
      // The app is not built with the React Compiler; watch() re-renders the form as RHF means it to.
      // eslint-disable-next-line react-hooks/incompatible-library
      value: form.watch(name),
      onChange: (value) =>
        form.setValue(name, value, {
          shouldDirty: true,
          // Same timing as the registered fields: checked on change once submitted.
          shouldValidate: form.formState.isSubmitted,
        }),
      onBlur: () => undefined,
      error: errorOf(name),
    }),
  };
}
