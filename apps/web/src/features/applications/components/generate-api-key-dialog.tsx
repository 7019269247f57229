import {
  API_KEY_DESCRIPTION_MAX_LENGTH,
  API_KEY_NAME_MAX_LENGTH,
  apiKeyScopes,
  DEFAULT_KEY_EXPIRY_DAYS,
  KEY_EXPIRY_MAX_DAYS,
  KEY_EXPIRY_MIN_DAYS,
  type ApiKeyScope,
} from '@nuvem/contracts/applications';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2Icon } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { applyServerErrors, useContractForm, type FieldMessages } from '@/lib/forms';
import { notify } from '@/lib/notify';
import { useCreateApiKey } from '../api/create-api-key';
import {
  apiKeyFormSchema,
  buildCreateApiKeyPayload,
  expiryFallsBack,
  initialApiKeyForm,
  type ApiKeyFormOutput,
  type ApiKeyFormValues,
} from '../lib/api-key-form';
import { notifyFailure } from '../lib/failure';
import { forgetIssuedKey, type IssuedApiKey } from './api-key-created-dialog';

const apiKeyFormFields = ['name', 'description', 'expiresIn', 'scopes'] as const;

export interface GenerateApiKeyDialogProps {
  applicationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The new key, shown once by the caller. */
  onCreated: (issued: IssuedApiKey) => void;
}

/** Spec 2 and 5: 'Generate New API Key': name required, expiry in days falling back to 365, scopes. */
export function GenerateApiKeyDialog({ applicationId, open, onOpenChange, onCreated }: GenerateApiKeyDialogProps) {
  const create = useCreateApiKey();
  // Once the key is created, focus belongs to the dialog that shows it, not back on the opener.
  const handedOver = useRef(false);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Closing mid-request would hide where the new key is about to appear.
        if (!create.isPending) onOpenChange(next);
      }}
    >
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (handedOver.current) event.preventDefault();
          handedOver.current = false;
        }}
      >
        {open && (
          <GenerateApiKeyForm
            applicationId={applicationId}
            create={create}
            onCancel={() => onOpenChange(false)}
            onCreated={(issued) => {
              handedOver.current = true;
              onOpenChange(false);
              onCreated(issued);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function GenerateApiKeyForm({
  applicationId,
  create,
  onCancel,
  onCreated,
}: {
  applicationId: string;
  create: ReturnType<typeof useCreateApiKey>;
  onCancel: () => void;
  onCreated: (issued: IssuedApiKey) => void;
}) {
  const { t } = useTranslation(['applications', 'common']);
  const { t: commonT } = useTranslation();
  const queryClient = useQueryClient();
  const scopesId = useId();
  const expiryRange = { min: KEY_EXPIRY_MIN_DAYS, max: KEY_EXPIRY_MAX_DAYS };
  const fieldMessages: FieldMessages = (field, issue) => {
    if (field === 'scopes' && issue.code === 'too_small') return t('generateKey.scopesRequired');
    if (field === 'expiresIn' && (issue.code === 'too_small' || issue.code === 'too_big')) {
      return t('generateKey.expiryRange', expiryRange);
    }
    return undefined;
  };
  // Checked as typed: the expiry and scope rules say at once what the server would refuse.
  const form = useContractForm(apiKeyFormSchema, { defaultValues: initialApiKeyForm, mode: 'onChange', fieldMessages });
  const {
    register,
    formState: { errors },
  } = form;
  // Typed through the form's own type: the register helpers widen each value to any.
  const { name, expiresIn, scopes }: ApiKeyFormValues = form.watch();
  const fallsBack = expiresIn.trim() !== '' && expiryFallsBack(expiresIn);
  const pending = create.isPending;
  // Spec 5: the name is required; beyond the spec, a key needs a scope.
  const ready = name.trim() !== '' && scopes.length > 0 && !errors.expiresIn && !pending;

  const toggleScope = (scope: ApiKeyScope, checked: boolean) =>
    form.setValue('scopes', checked ? [...scopes, scope] : scopes.filter((s) => s !== scope), {
      shouldValidate: true,
      shouldDirty: true,
    });

  const submit = form.handleSubmit(async (values: ApiKeyFormOutput) => {
    if (pending) return;
    try {
      const reply = await create.mutateAsync(buildCreateApiKeyPayload(applicationId, values));
      const { message, apiKey } = reply;
      create.reset();
      forgetIssuedKey(queryClient, reply);
      notify.success(message);
      onCreated({ name: apiKey.name, key: apiKey.key });
    } catch (error) {
      const placed = applyServerErrors(error, form.setError, commonT, { fields: apiKeyFormFields, fieldMessages });
      if (!placed) notifyFailure(t('generateKey.failed'), error);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{t('generateKey.title')}</DialogTitle>
        <DialogDescription>{t('generateKey.description')}</DialogDescription>
      </DialogHeader>

      <FormField
        label={t('generateKey.name')}
        hint={t('generateKey.nameHint', { count: API_KEY_NAME_MAX_LENGTH })}
        error={errors.name?.message}
        required
      >
        {(control) => (
          <Input {...control} {...register('name')} autoComplete="off" placeholder={t('generateKey.namePlaceholder')} />
        )}
      </FormField>

      <FormField
        label={t('generateKey.descriptionLabel')}
        hint={t('generateKey.descriptionHint', { count: API_KEY_DESCRIPTION_MAX_LENGTH })}
        error={errors.description?.message}
      >
        {(control) => (
          <Textarea
            {...control}
            {...register('description')}
            rows={2}
            placeholder={t('generateKey.descriptionPlaceholder')}
          />
        )}
      </FormField>

      <FormField
        label={t('generateKey.expiry')}
        hint={
          fallsBack
            ? t('generateKey.expiryFallback', { count: DEFAULT_KEY_EXPIRY_DAYS })
            : t('generateKey.expiryHint', expiryRange)
        }
        error={errors.expiresIn?.message}
      >
        {(control) => <Input {...control} {...register('expiresIn')} inputMode="numeric" autoComplete="off" />}
      </FormField>

      <fieldset className="grid gap-2" aria-describedby={errors.scopes ? `${scopesId}-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">{t('generateKey.scopes')}</legend>
        {apiKeyScopes.map((scope) => (
          <div key={scope} className="flex items-start gap-2 text-sm">
            <input
              id={`${scopesId}-${scope}`}
              type="checkbox"
              className="mt-0.5 size-4 cursor-pointer accent-primary"
              checked={scopes.includes(scope)}
              aria-describedby={`${scopesId}-${scope}-hint`}
              onChange={(event) => toggleScope(scope, event.target.checked)}
            />
            <label htmlFor={`${scopesId}-${scope}`} className="cursor-pointer font-medium">
              {t(`generateKey.scope.${scope}`)}
            </label>
            <span id={`${scopesId}-${scope}-hint`} className="text-muted-foreground">
              {t(`generateKey.scopeHint.${scope}`)}
            </span>
          </div>
        ))}
        {errors.scopes && (
          <p id={`${scopesId}-error`} role="alert" className="text-sm text-destructive">
            {errors.scopes.message}
          </p>
        )}
      </fieldset>

      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" disabled={!ready}>
          {pending && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
          {t('generateKey.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
