import { APPLICATION_NAME_MAX_LENGTH, LOOPBACK_HOSTS, MAX_URIS_PER_APPLICATION } from '@nuvem/contracts/applications';
import type { TFunction } from 'i18next';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { applyServerErrors, useContractForm, type FieldMessages } from '@/lib/forms';
import {
  applicationFormFields,
  applicationFormSchema,
  listIssueOf,
  serverListIssue,
  type ApplicationFormBody,
  type ApplicationFormValues,
  type ApplicationListField,
} from '../lib/application-form';
import type { ListIssue } from '../lib/parse-list';

export type ApplicationForm = UseFormReturn<ApplicationFormValues, unknown, ApplicationFormBody>;

/** 'localhost, 127.0.0.1 or [::1]': the hosts plain http is allowed for, in the language in use. */
function loopbackHosts(t: TFunction<'applications'>): string {
  const hosts = [...LOOPBACK_HOSTS];
  const last = hosts.pop() ?? '';
  return hosts.length ? t('applicationForm.or', { first: hosts.join(', '), last }) : last;
}

/** A list's problem in plain words: which entry, and the contract's rule it breaks. */
function listIssueText(t: TFunction<'applications'>, issue: ListIssue): string {
  switch (issue.rule) {
    case 'tooMany':
      return t('applicationForm.rules.tooMany', { count: issue.count });
    case 'entryTooLong':
      return t('applicationForm.rules.entryTooLong', { count: issue.count });
    default:
      return t(`applicationForm.rules.${issue.rule}`, { entry: issue.entry, hosts: loopbackHosts(t) });
  }
}

function isListField(field: string): field is ApplicationListField {
  return field === 'redirectUris' || field === 'allowedOrigins';
}

/**
 * The application form (create dialog and Settings tab) on react-hook-form, checked by the
 * contract's rules; `placeServerErrors` puts a 400's details beside the fields and says whether
 * it placed any.
 */
export function useApplicationForm(defaultValues: ApplicationFormValues) {
  const { t } = useTranslation('applications');
  const { t: commonT } = useTranslation();
  // A check in the browser carries its list issue…
  const browserMessages: FieldMessages = (field, issue) => {
    const found = isListField(field) ? listIssueOf(issue) : undefined;
    return found ? listIssueText(t, found) : undefined;
  };
  const form = useContractForm(applicationFormSchema, { defaultValues, fieldMessages: browserMessages });
  // …a server's detail names the entry by its index in the list that was sent.
  const serverMessages: FieldMessages = (field, issue) => {
    const found = isListField(field) ? serverListIssue(issue, form.getValues(field)) : undefined;
    return found ? listIssueText(t, found) : undefined;
  };
  const placeServerErrors = (error: unknown) =>
    applyServerErrors(error, form.setError, commonT, { fields: applicationFormFields, fieldMessages: serverMessages });
  return { form, placeServerErrors };
}

/** Name, redirect URIs and allowed origins, each with its rule and its error beside it. */
export function ApplicationFormFields({ form, disabled = false }: { form: ApplicationForm; disabled?: boolean }) {
  const { t } = useTranslation('applications');
  const {
    register,
    formState: { errors },
  } = form;
  const listInput = { spellCheck: false, autoCapitalize: 'none', autoComplete: 'off', disabled } as const;

  return (
    <div className="grid gap-4">
      <FormField
        label={t('applicationForm.name')}
        hint={t('applicationForm.nameHint', { count: APPLICATION_NAME_MAX_LENGTH })}
        error={errors.name?.message}
        required
      >
        {(control) => (
          <Input
            {...control}
            {...register('name')}
            placeholder={t('applicationForm.namePlaceholder')}
            disabled={disabled}
            autoComplete="off"
          />
        )}
      </FormField>
      <FormField
        label={t('applicationForm.redirectUris')}
        hint={t('applicationForm.redirectUrisHint', { max: MAX_URIS_PER_APPLICATION, hosts: loopbackHosts(t) })}
        error={errors.redirectUris?.message}
      >
        {(control) => (
          <Input
            {...control}
            {...register('redirectUris')}
            {...listInput}
            placeholder={t('applicationForm.redirectUrisPlaceholder')}
          />
        )}
      </FormField>
      <FormField
        label={t('applicationForm.allowedOrigins')}
        hint={t('applicationForm.allowedOriginsHint', { max: MAX_URIS_PER_APPLICATION })}
        error={errors.allowedOrigins?.message}
      >
        {(control) => (
          <Input
            {...control}
            {...register('allowedOrigins')}
            {...listInput}
            placeholder={t('applicationForm.allowedOriginsPlaceholder')}
          />
        )}
      </FormField>
    </div>
  );
}
