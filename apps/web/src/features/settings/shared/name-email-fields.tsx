import { TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

/**
 * A member's display name and email, as one's own profile and a new member's form both ask them.
 * `autofill` lets the browser offer the signed-in user's own details; on someone else's it must not.
 */
export function NameEmailFields({
  getInputProps,
  autofill,
}: {
  getInputProps: (field: 'display_name' | 'email') => GetInputPropsReturnType;
  autofill: boolean;
}) {
  const { t } = useTranslation('settings');
  return (
    <>
      <TextInput
        label={t('profile.displayName')}
        name="display_name"
        required
        autoComplete={autofill ? 'name' : 'off'}
        {...getInputProps('display_name')}
      />
      <TextInput
        label={t('profile.email')}
        description={t('profile.emailHint')}
        name="email"
        type="email"
        autoComplete={autofill ? 'email' : 'off'}
        {...getInputProps('email')}
      />
    </>
  );
}
