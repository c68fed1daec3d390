'use client';
// Change password (POST /auth/change-password {current_password, new_password}): the policy checked live
// as the member types, the repeat checked in the browser, the server's refusal (wrong current password,
// a recent password) shown on the field it names. The member's other sessions end on success.
import { useRouter } from 'next/navigation';
import { z } from 'zod';
import { ZChangePasswordRequestSchema } from '@/lib/auth/schemas';
import { api } from '../../ui/api-client';
import { Button } from '../../ui/button';
import { FormError, FormField, inputClass } from '../../ui/form-field';
import { useApiForm } from '../../ui/use-api-form';
import { useHydrated } from '../../use-hydrated';
import { PasswordChecklist } from './password-checklist';

const ZChangePasswordForm = ZChangePasswordRequestSchema.extend({ confirm_password: z.string() }).refine((values) => values.new_password === values.confirm_password, {
  path: ['confirm_password'],
  message: 'The two new passwords differ',
});

export function ChangePasswordForm({ email }: { email: string }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const form = useApiForm({
    schema: ZChangePasswordForm,
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
    // The repeat never leaves the browser.
    call: ({ current_password, new_password }) => api.call('changePassword', { body: { current_password, new_password } }),
    success: 'Password changed. Your other sessions were signed out.',
    onSuccess: () => {
      form.reset();
      router.refresh();
    },
  });
  const { errors, isSubmitting } = form.formState;
  const password = form.watch('new_password') ?? '';
  return (
    <form method="post" noValidate aria-label="Change password" className="max-w-md space-y-4 px-5 py-4" onSubmit={form.submit}>
      {/* For password managers: whose password this is. */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <FormField id="current_password" label="Current password" error={errors.current_password?.message}>
        <input type="password" autoComplete="current-password" className={inputClass} {...form.register('current_password')} />
      </FormField>
      <FormField id="new_password" label="New password" error={errors.new_password?.message} hint={<PasswordChecklist id="new-password-rules" password={password} email={email} />}>
        <input type="password" autoComplete="new-password" className={inputClass} {...form.register('new_password')} />
      </FormField>
      <FormField id="confirm_password" label="Repeat the new password" error={errors.confirm_password?.message}>
        <input type="password" autoComplete="new-password" className={inputClass} {...form.register('confirm_password')} />
      </FormField>
      <FormError message={errors.root?.server?.message} />
      <Button type="submit" variant="primary" disabled={!hydrated} busy={isSubmitting}>
        Change password
      </Button>
    </form>
  );
}
