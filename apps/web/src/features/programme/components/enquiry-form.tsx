import { programmeEnquiryReceived, type ProgrammeOffering } from '@nuvem/contracts/programme';
import { CircleCheckIcon, Loader2Icon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/sonner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useCreateProgrammeEnquiry } from '../api/create-programme-enquiry';
import {
  emptyEnquiryValues,
  fieldErrorsFromServerText,
  firstInvalidField,
  validateEnquiry,
  type EnquiryField,
  type EnquiryFieldErrors,
  type EnquiryFormValues,
} from '../lib/enquiry-form-values';
import {
  contactInterestOptions,
  enquiryCopy,
  programmeOfferingsContent,
  type ContactInterest,
} from '../lib/programme-content';

export interface EnquiryFormProps {
  interest: ContactInterest;
  offering?: ProgrammeOffering;
  /** Shown after a successful send, to leave the form (closes the dialog). */
  onClose?: () => void;
}

/**
 * The programme's contact form. It checks the input with the contract's schema before sending
 * (the server checks again) and shows the server's own text when it refuses the request.
 */
export function EnquiryForm({ interest, offering, onClose }: EnquiryFormProps) {
  const id = useId();
  const [values, setValues] = useState<EnquiryFormValues>(() => emptyEnquiryValues(interest, offering));
  const [errors, setErrors] = useState<EnquiryFieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const mutation = useCreateProgrammeEnquiry();
  const successRef = useRef<HTMLDivElement>(null);
  const pending = mutation.isPending;

  useEffect(() => {
    // The form is gone once sent: move the focus to the confirmation so it is not lost.
    if (mutation.isSuccess) successRef.current?.focus();
  }, [mutation.isSuccess]);

  const fieldId = (field: EnquiryField) => `${id}-${field}`;
  const errorId = (field: EnquiryField) => `${id}-${field}-error`;

  function update<K extends keyof EnquiryFormValues>(key: K, value: EnquiryFormValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key] !== undefined) setErrors((current) => ({ ...current, [key]: undefined }));
  }

  function focusField(form: HTMLFormElement, field: EnquiryField | undefined) {
    if (!field) return;
    const element = form.elements.namedItem(field);
    if (element instanceof HTMLElement) element.focus();
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    const checked = validateEnquiry(values);
    setServerError(null);
    if (!checked.success) {
      setErrors(checked.errors);
      focusField(form, firstInvalidField(checked.errors));
      return;
    }
    setErrors({});
    mutation.mutate(checked.body, {
      onSuccess: () => {
        toast.success(enquiryCopy.sentToast);
      },
      onError: (failure) => {
        const text = failure instanceof ApiError && failure.message ? failure.message : enquiryCopy.failed;
        setServerError(text);
        const fromServer = fieldErrorsFromServerText(text);
        setErrors(fromServer);
        focusField(form, firstInvalidField(fromServer));
      },
    });
  }

  if (mutation.isSuccess) {
    return (
      <div className="flex flex-col items-start gap-4">
        <div
          ref={successRef}
          role="status"
          tabIndex={-1}
          className="flex gap-3 rounded-md border border-success/40 bg-success/10 p-4 text-sm focus:outline-none"
        >
          <CircleCheckIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
          <p>{programmeEnquiryReceived}</p>
        </div>
        {onClose && <Button onClick={onClose}>{enquiryCopy.close}</Button>}
      </div>
    );
  }

  const describedBy = (field: EnquiryField, hint?: string) =>
    [hint, errors[field] ? errorId(field) : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <form
      noValidate
      aria-label={enquiryCopy.title}
      aria-busy={pending}
      onSubmit={handleSubmit}
      className="flex flex-col gap-4"
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">{enquiryCopy.interestLegend}</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-4">
          {contactInterestOptions.map((option) => (
            <label key={option.value} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                name="interest"
                value={option.value}
                checked={values.interest === option.value}
                onChange={() => update('interest', option.value)}
                className="size-4 accent-primary"
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>

      <Field label={enquiryCopy.name} htmlFor={fieldId('name')} error={errors.name} errorId={errorId('name')}>
        <Input
          id={fieldId('name')}
          name="name"
          autoComplete="name"
          required
          value={values.name}
          onChange={(event) => update('name', event.target.value)}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('name')}
        />
      </Field>

      <Field label={enquiryCopy.email} htmlFor={fieldId('email')} error={errors.email} errorId={errorId('email')}>
        <Input
          id={fieldId('email')}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={values.email}
          onChange={(event) => update('email', event.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy('email')}
        />
      </Field>

      <Field label={enquiryCopy.phone} htmlFor={fieldId('phone')} error={errors.phone} errorId={errorId('phone')}>
        <Input
          id={fieldId('phone')}
          name="phone"
          type="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={(event) => update('phone', event.target.value)}
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby={describedBy('phone')}
        />
      </Field>

      <Field
        label={enquiryCopy.offering}
        htmlFor={fieldId('offering')}
        error={errors.offering}
        errorId={errorId('offering')}
      >
        {/* A native select: reliable with every keyboard, screen reader and phone picker. */}
        <select
          id={fieldId('offering')}
          name="offering"
          value={values.offering}
          onChange={(event) =>
            update('offering', programmeOfferingsContent.find((item) => item.id === event.target.value)?.id ?? '')
          }
          aria-invalid={errors.offering ? true : undefined}
          aria-describedby={describedBy('offering')}
          className="flex h-9 w-full cursor-pointer rounded-md border border-input bg-glass px-3 py-1 text-sm shadow-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive [&>option]:bg-popover [&>option]:text-popover-foreground"
        >
          <option value="">{enquiryCopy.noOffering}</option>
          {programmeOfferingsContent.map((item) => (
            <option key={item.id} value={item.id}>
              {item.title}
            </option>
          ))}
        </select>
      </Field>

      <Field
        label={enquiryCopy.message}
        htmlFor={fieldId('message')}
        error={errors.message}
        errorId={errorId('message')}
      >
        <Textarea
          id={fieldId('message')}
          name="message"
          rows={4}
          value={values.message}
          onChange={(event) => update('message', event.target.value)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message')}
        />
      </Field>

      <div className="flex flex-col gap-1.5">
        <div className="flex items-start gap-2">
          <input
            id={fieldId('consent')}
            name="consent"
            type="checkbox"
            required
            checked={values.consent}
            onChange={(event) => update('consent', event.target.checked)}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={describedBy('consent')}
            className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary"
          />
          <Label htmlFor={fieldId('consent')} className="leading-snug font-normal">
            {enquiryCopy.consent}
          </Label>
        </div>
        <FieldError id={errorId('consent')} message={errors.consent} />
      </div>

      {serverError && (
        <p
          role="alert"
          className="rounded-md border border-destructive/50 bg-destructive/15 px-3 py-2 text-sm text-foreground"
        >
          {serverError}
        </p>
      )}

      <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto sm:self-end">
        {pending && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
        {pending ? enquiryCopy.pending : enquiryCopy.submit}
      </Button>
    </form>
  );
}

function Field({
  label,
  htmlFor,
  error,
  errorId,
  children,
}: {
  label: string;
  htmlFor: string;
  error: string | undefined;
  errorId: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={htmlFor}>{label}</Label>
      {children}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  );
}
