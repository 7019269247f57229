import { apiKeyScopes, type ApiKeyScope } from '@nuvem/contracts/applications';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2Icon } from 'lucide-react';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { failureMessage, notify } from '@/lib/notify';
import { useCreateApiKey } from '../api/create-api-key';
import {
  buildCreateApiKeyPayload,
  canSubmitApiKeyForm,
  expiryDaysError,
  expiryFallsBack,
  initialApiKeyForm,
  MAX_KEY_EXPIRY_DAYS,
  MIN_KEY_EXPIRY_DAYS,
  type ApiKeyFormValues,
} from '../lib/api-key-form';
import { forgetIssuedKey, type IssuedApiKey } from './api-key-created-dialog';

export const GENERATE_API_KEY_TITLE = 'Generate New API Key';
export const CREATE_API_KEY_FAILED = 'Failed to create API key';

const scopeLabels: Record<ApiKeyScope, { label: string; hint: string }> = {
  read: { label: 'Read', hint: 'GET requests: list and inspect containers.' },
  write: { label: 'Write', hint: 'Create, change, run actions on and delete containers.' },
};

export interface GenerateApiKeyDialogProps {
  applicationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The new key, shown once by the caller. */
  onCreated: (issued: IssuedApiKey) => void;
}

/** Spec 2 and 5: 'Generate New API Key': name required, expiry in days falling back to 365, scopes. */
export function GenerateApiKeyDialog({ applicationId, open, onOpenChange, onCreated }: GenerateApiKeyDialogProps) {
  const queryClient = useQueryClient();
  const create = useCreateApiKey();
  // Once the key is created, focus belongs to the dialog that shows it, not back on the opener.
  const handedOver = useRef(false);

  const submit = (values: ApiKeyFormValues) => {
    create.mutateAsync(buildCreateApiKeyPayload(applicationId, values)).then(
      (reply) => {
        const { message, apiKey } = reply;
        create.reset();
        forgetIssuedKey(queryClient, reply);
        notify.success(message);
        handedOver.current = true;
        onOpenChange(false);
        onCreated({ name: apiKey.name, key: apiKey.key });
      },
      (error: unknown) => notify.error(failureMessage(CREATE_API_KEY_FAILED, error)),
    );
  };

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
          <GenerateApiKeyForm pending={create.isPending} onCancel={() => onOpenChange(false)} onSubmit={submit} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function GenerateApiKeyForm({
  pending,
  onCancel,
  onSubmit,
}: {
  pending: boolean;
  onCancel: () => void;
  onSubmit: (values: ApiKeyFormValues) => void;
}) {
  const ids = {
    name: useId(),
    description: useId(),
    expiry: useId(),
    expiryHint: useId(),
    scopes: useId(),
    scopesHint: useId(),
  };
  const [values, setValues] = useState<ApiKeyFormValues>(initialApiKeyForm);
  const set = (patch: Partial<ApiKeyFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const expiryError = expiryDaysError(values.expiresIn);
  const fallsBack = values.expiresIn.trim() !== '' && expiryFallsBack(values.expiresIn);
  const noScope = values.scopes.length === 0;
  const ready = canSubmitApiKeyForm(values);

  const toggleScope = (scope: ApiKeyScope, checked: boolean) =>
    set({ scopes: checked ? [...values.scopes, scope] : values.scopes.filter((s) => s !== scope) });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!ready || pending) return;
    onSubmit(values);
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <DialogHeader>
        <DialogTitle>{GENERATE_API_KEY_TITLE}</DialogTitle>
        <DialogDescription>
          Programs send the key as a bearer token to call the container API. The full key is shown once.
        </DialogDescription>
      </DialogHeader>

      <div className="grid gap-2">
        <Label htmlFor={ids.name}>Key Name</Label>
        <Input
          id={ids.name}
          value={values.name}
          required
          maxLength={100}
          autoComplete="off"
          placeholder="e.g. CI pipeline"
          onChange={(event) => set({ name: event.target.value })}
        />
      </div>

      <div className="grid gap-2">
        <Label htmlFor={ids.description}>Description</Label>
        <Textarea
          id={ids.description}
          value={values.description}
          maxLength={500}
          rows={2}
          placeholder="Optional: what uses this key"
          onChange={(event) => set({ description: event.target.value })}
        />
      </div>

      <div className="grid gap-2">
        <Label htmlFor={ids.expiry}>Expires in (days)</Label>
        <Input
          id={ids.expiry}
          inputMode="numeric"
          value={values.expiresIn}
          autoComplete="off"
          aria-invalid={expiryError ? true : undefined}
          aria-describedby={ids.expiryHint}
          onChange={(event) => set({ expiresIn: event.target.value })}
        />
        <p id={ids.expiryHint} className={expiryError ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
          {expiryError ??
            (fallsBack
              ? 'Not a whole number of days: the key will expire in 365 days.'
              : `A whole number of days, ${MIN_KEY_EXPIRY_DAYS} to ${MAX_KEY_EXPIRY_DAYS}.`)}
        </p>
      </div>

      <fieldset className="grid gap-2" aria-describedby={ids.scopesHint}>
        <legend className="mb-2 text-sm font-medium">Scopes</legend>
        {apiKeyScopes.map((scope) => (
          <div key={scope} className="flex items-start gap-2 text-sm">
            <input
              id={`${ids.scopes}-${scope}`}
              type="checkbox"
              className="mt-0.5 size-4 cursor-pointer accent-primary"
              checked={values.scopes.includes(scope)}
              aria-describedby={`${ids.scopes}-${scope}-hint`}
              onChange={(event) => toggleScope(scope, event.target.checked)}
            />
            <label htmlFor={`${ids.scopes}-${scope}`} className="cursor-pointer font-medium">
              {scopeLabels[scope].label}
            </label>
            <span id={`${ids.scopes}-${scope}-hint`} className="text-muted-foreground">
              {scopeLabels[scope].hint}
            </span>
          </div>
        ))}
        <p id={ids.scopesHint} className={noScope ? 'text-sm text-destructive' : 'sr-only'}>
          {noScope ? 'Choose at least one scope.' : ''}
        </p>
      </fieldset>

      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!ready || pending}>
          {pending && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
          Generate
        </Button>
      </DialogFooter>
    </form>
  );
}
