import { EMAIL_MAX_LENGTH } from '@nuvem/contracts/auth';
import { createInvitationBodySchema, type Role, type Workspace } from '@nuvem/contracts/orgs';
import { Loader2Icon, SendIcon } from 'lucide-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { applyServerErrors, useContractForm } from '@/lib/forms';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useCreateInvitation } from '../../api/invitations-create-invitation';
import { orgFailureKey } from './org-failure';
import { RoleSelect } from './role-select';
import { largerPlan } from './seat-figures';
import { InlineAlert } from './settings-panel';
import { useOrgFailure } from './use-org-failure';

/** The role a new invitation starts with: developer when the viewer may give it. */
export function defaultInviteRole(offered: readonly Role[]): Role {
  return offered.includes('developer') ? 'developer' : (offered[offered.length - 1] ?? 'viewer');
}

/**
 * Invites someone by e-mail with a role the viewer may give. A taken address is said beside the
 * e-mail; every seat taken is said under the form, with the way to a larger plan.
 */
export function InviteForm({ organisation, offered }: { organisation: Workspace; offered: readonly Role[] }) {
  const { t } = useTranslation('orgSettings', { keyPrefix: 'invitations' });
  const { t: tSeats } = useTranslation('orgSettings', { keyPrefix: 'seats' });
  const failure = useOrgFailure(organisation.seats);
  const create = useCreateInvitation();
  const [formError, setFormError] = useState<{ text: string; seatsFull: boolean } | null>(null);
  const form = useContractForm(createInvitationBodySchema, {
    defaultValues: { email: '', role: defaultInviteRole(offered) },
  });
  const errors = form.formState.errors;
  const upgrade = largerPlan(organisation.seats);

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const invitation = await create.mutateAsync({ organisationId: organisation.id, ...values });
      notify.success(t('sent', { email: invitation.email }));
      form.reset({ email: '', role: values.role });
    } catch (error) {
      const key = orgFailureKey(error);
      if (key === 'alreadyMember' || key === 'alreadyInvited') {
        form.setError('email', { type: 'server', message: failure(error) }, { shouldFocus: true });
      } else if (!applyServerErrors(error, form.setError, i18n.t, { fields: ['email', 'role'] })) {
        setFormError({ text: failure(error), seatsFull: key === 'seatsFull' });
      }
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('formTitle')} className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-start">
        <FormField label={t('email')} error={errors.email?.message} required>
          {(control) => (
            <Input
              {...control}
              {...form.register('email')}
              type="email"
              autoComplete="off"
              inputMode="email"
              maxLength={EMAIL_MAX_LENGTH}
              placeholder={t('emailPlaceholder')}
            />
          )}
        </FormField>
        <FormField label={t('role')} error={errors.role?.message}>
          {(control) => (
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <RoleSelect
                  control={control}
                  triggerRef={field.ref}
                  value={field.value}
                  options={offered}
                  onChange={field.onChange}
                  className="w-full sm:w-40"
                />
              )}
            />
          )}
        </FormField>
        <Button type="submit" disabled={create.isPending} className="sm:mt-[1.375rem]">
          {create.isPending ? (
            <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
          ) : (
            <SendIcon aria-hidden="true" />
          )}
          {t('submit')}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{t('roleHint')}</p>
      {formError && (
        <InlineAlert className="flex flex-wrap items-center justify-between gap-2">
          <span>{formError.text}</span>
          {formError.seatsFull && upgrade && (
            <Link to={paths.pricing.getHref()} className="font-medium text-primary underline-offset-4 hover:underline">
              {tSeats('buyLarger')}
            </Link>
          )}
        </InlineAlert>
      )}
    </form>
  );
}
