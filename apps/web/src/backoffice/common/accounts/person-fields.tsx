import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TextFieldProps } from '../../../common/forms/use-schema-form';

type PersonField = 'fName' | 'lName' | 'email';

/**
 * A person's first and last name (side by side from `xs` up) and e-mail, as every account form
 * asks for them: an admin's account editor and an owner's team member editor. The first name
 * takes the focus when the form opens; the address reads left to right in Hebrew too.
 */
export function PersonFields({ field }: { field: (name: PersonField) => TextFieldProps }) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label={t('accounts.edit.fName')}
          required
          autoComplete="off"
          data-autofocus
          {...field('fName')}
        />
        <TextInput label={t('accounts.edit.lName')} autoComplete="off" {...field('lName')} />
      </SimpleGrid>
      <TextInput
        label={t('accounts.edit.email')}
        type="email"
        dir="ltr"
        required
        autoComplete="off"
        {...field('email')}
      />
    </>
  );
}
