import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { allowedOriginsIssue, parseCommaList, redirectUrisIssue } from '../lib/parse-list';

export const applicationFormTexts = {
  name: 'Application Name',
  namePlaceholder: 'My Application',
  redirectUris: 'Redirect URIs',
  redirectUrisPlaceholder: 'https://app.example.com/callback, http://localhost:3000/callback',
  redirectUrisHint: 'Comma-separated. Absolute http(s) addresses; http only for localhost.',
  allowedOrigins: 'Allowed Origins',
  allowedOriginsPlaceholder: 'https://app.example.com, http://localhost:3000',
  allowedOriginsHint: 'Comma-separated. Origins (scheme, host and port) that may call the API from a browser.',
} as const;

/** The form as typed: the lists are comma-separated text. */
export interface ApplicationFormValues {
  name: string;
  redirectUris: string;
  allowedOrigins: string;
}

export interface ApplicationFormErrors {
  redirectUris?: string | undefined;
  allowedOrigins?: string | undefined;
}

/** The body the form sends (name and list entries trimmed, empty entries dropped) and what is wrong with it. */
export function readApplicationForm(values: ApplicationFormValues) {
  const body = {
    name: values.name.trim(),
    redirectUris: parseCommaList(values.redirectUris),
    allowedOrigins: parseCommaList(values.allowedOrigins),
  };
  const errors: ApplicationFormErrors = {
    redirectUris: redirectUrisIssue(body.redirectUris),
    allowedOrigins: allowedOriginsIssue(body.allowedOrigins),
  };
  return { body, errors, valid: body.name !== '' && !errors.redirectUris && !errors.allowedOrigins };
}

/** Name, redirect URIs and allowed origins: shared by the create dialog and the Settings tab. */
export function ApplicationFormFields({
  values,
  errors,
  onChange,
  disabled = false,
}: {
  values: ApplicationFormValues;
  errors: ApplicationFormErrors;
  onChange: (field: keyof ApplicationFormValues, value: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const listField = (field: 'redirectUris' | 'allowedOrigins', label: string, placeholder: string, hint: string) => {
    const error = errors[field];
    return (
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-${field}`}>{label}</Label>
        <Input
          id={`${id}-${field}`}
          name={field}
          value={values[field]}
          onChange={(event) => onChange(field, event.target.value)}
          placeholder={placeholder}
          disabled={disabled}
          spellCheck={false}
          autoCapitalize="none"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-${field}-hint ${id}-${field}-error`}
        />
        <p id={`${id}-${field}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
        <p id={`${id}-${field}-error`} className="text-xs text-destructive empty:hidden">
          {error}
        </p>
      </div>
    );
  };

  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-name`}>{applicationFormTexts.name}</Label>
        <Input
          id={`${id}-name`}
          name="name"
          value={values.name}
          onChange={(event) => onChange('name', event.target.value)}
          placeholder={applicationFormTexts.namePlaceholder}
          maxLength={100}
          required
          disabled={disabled}
          autoComplete="off"
        />
      </div>
      {listField(
        'redirectUris',
        applicationFormTexts.redirectUris,
        applicationFormTexts.redirectUrisPlaceholder,
        applicationFormTexts.redirectUrisHint,
      )}
      {listField(
        'allowedOrigins',
        applicationFormTexts.allowedOrigins,
        applicationFormTexts.allowedOriginsPlaceholder,
        applicationFormTexts.allowedOriginsHint,
      )}
    </div>
  );
}
