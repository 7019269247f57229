import {
  ENQUIRY_MESSAGE_MAX_LENGTH,
  ENQUIRY_PHONE_MAX_LENGTH,
  programmeOfferings,
  type ProgrammeOffering,
} from '@nuvem/contracts/programme';
import { CircleCheckIcon, Loader2Icon } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/sonner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api-client';
import { useFormat } from '@/lib/format';
import { applyServerErrors, useContractForm } from '@/lib/forms';
import { useCreateProgrammeEnquiry } from '../api/create-programme-enquiry';
import {
  emptyEnquiryValues,
  enquiryFieldMessages,
  enquiryFields,
  enquiryFormSchema,
  toEnquiryBody,
} from '../lib/enquiry-form';
import { contactInterests, type ContactInterest } from '../lib/programme-content';

export interface EnquiryFormProps {
  interest: ContactInterest;
  offering?: ProgrammeOffering;
  /** Shown after a successful send, to leave the form (closes the dialog). */
  onClose?: () => void;
}

/**
 * The programme's contact form, checked with the contract's schema before sending (the server
 * checks again); the server's per-field problems are shown beside their fields, in the user's language.
 */
export function EnquiryForm({ interest, offering, onClose }: EnquiryFormProps) {
  const { t } = useTranslation('programme');
  const { t: tCommon } = useTranslation();
  const f = useFormat();
  const id = useId();
  const fieldMessages = useMemo(() => enquiryFieldMessages(t), [t]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useContractForm(enquiryFormSchema, {
    defaultValues: emptyEnquiryValues(interest, offering),
    fieldMessages,
    // Checked on sending, then on every keystroke. Checking on leaving a field (the default) shows
    // the e-mail's error as the pointer goes down on 'Send request', which pushes the button away
    // from under it (a missed tap on phones).
    mode: 'onSubmit',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useCreateProgrammeEnquiry();
  const successRef = useRef<HTMLDivElement>(null);
  const pending = mutation.isPending;

  useEffect(() => {
    // The form is gone once sent: move the focus to the confirmation so it is not lost.
    if (mutation.isSuccess) successRef.current?.focus();
  }, [mutation.isSuccess]);

  const onSubmit = handleSubmit((values) => {
    if (pending) return;
    setFailure(null);
    mutation.mutate(toEnquiryBody(values), {
      onSuccess: () => {
        toast.success(t('enquiry.sentToast'));
      },
      onError: (error) => {
        if (applyServerErrors(error, setError, tCommon, { fields: enquiryFields, fieldMessages })) return;
        if (error instanceof ApiError && error.status === 429) setFailure(t('enquiry.tooMany'));
        else if (error instanceof ApiError && error.status === 0) setFailure(tCommon('errors.network'));
        else setFailure(t('enquiry.failed'));
      },
    });
  });

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
          <p>{t('enquiry.received')}</p>
        </div>
        {onClose && <Button onClick={onClose}>{tCommon('actions.close')}</Button>}
      </div>
    );
  }

  // Registered here, in the order the fields appear: react-hook-form focuses the first invalid field
  // in registration order, and the FormField render props run after this component's own render.
  const fields = {
    interest: register('interest'),
    name: register('name'),
    email: register('email'),
    phone: register('phone'),
    offering: register('offering'),
    message: register('message'),
    consent: register('consent'),
  };
  const consentId = `${id}-consent`;
  const consentErrorId = `${consentId}-error`;

  return (
    <form
      noValidate
      aria-label={t('enquiry.title')}
      aria-busy={pending}
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-4"
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">{t('enquiry.interestLegend')}</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-4">
          {contactInterests.map((value) => (
            <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
              <input type="radio" value={value} {...fields.interest} className="size-4 accent-primary" />
              {t(`enquiry.interests.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>

      <FormField label={t('enquiry.name')} error={errors.name?.message} required>
        {(control) => <Input {...control} autoComplete="name" {...fields.name} />}
      </FormField>

      <FormField label={t('enquiry.email')} error={errors.email?.message} required>
        {(control) => <Input {...control} type="email" autoComplete="email" inputMode="email" {...fields.email} />}
      </FormField>

      <FormField
        label={t('enquiry.phone')}
        hint={t('enquiry.phoneHint', { max: f.count(ENQUIRY_PHONE_MAX_LENGTH) })}
        error={errors.phone?.message}
      >
        {(control) => <Input {...control} type="tel" autoComplete="tel" {...fields.phone} />}
      </FormField>

      <FormField label={t('enquiry.offering')} error={errors.offering?.message}>
        {(control) => (
          // A native select: reliable with every keyboard, screen reader and phone picker.
          <select
            {...control}
            {...fields.offering}
            className="flex h-9 w-full cursor-pointer rounded-md border border-input bg-glass px-3 py-1 text-sm shadow-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive [&>option]:bg-popover [&>option]:text-popover-foreground"
          >
            <option value="">{t('enquiry.noOffering')}</option>
            {programmeOfferings.map((item) => (
              <option key={item} value={item}>
                {t(`offerings.${item}.title`)}
              </option>
            ))}
          </select>
        )}
      </FormField>

      <FormField
        label={t('enquiry.message')}
        hint={t('enquiry.messageHint', { max: f.count(ENQUIRY_MESSAGE_MAX_LENGTH) })}
        error={errors.message?.message}
      >
        {(control) => <Textarea {...control} rows={4} {...fields.message} />}
      </FormField>

      <div className="flex flex-col gap-1.5">
        <div className="flex items-start gap-2">
          <input
            id={consentId}
            type="checkbox"
            aria-required
            aria-invalid={Boolean(errors.consent)}
            aria-describedby={errors.consent ? consentErrorId : undefined}
            {...fields.consent}
            className="mt-0.5 size-4 shrink-0 cursor-pointer accent-primary"
          />
          <Label htmlFor={consentId} className="leading-snug font-normal">
            {t('enquiry.consent')}
          </Label>
        </div>
        {errors.consent?.message && (
          <p id={consentErrorId} role="alert" className="text-xs font-medium text-destructive">
            {errors.consent.message}
          </p>
        )}
      </div>

      {failure && (
        <p
          role="alert"
          className="rounded-md border border-destructive/50 bg-destructive/15 px-3 py-2 text-sm text-foreground"
        >
          {failure}
        </p>
      )}

      <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto sm:self-end">
        {pending && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
        {pending ? t('enquiry.pending') : t('enquiry.submit')}
      </Button>
    </form>
  );
}
