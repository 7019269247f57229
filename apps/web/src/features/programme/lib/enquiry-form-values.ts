import { programmeEnquiryBodySchema, type ProgrammeOffering } from '@nuvem/contracts/programme';
import type { z } from 'zod';
import type { ContactInterest } from './programme-content';

/** What the contact form holds while the visitor types. */
export interface EnquiryFormValues {
  name: string;
  email: string;
  phone: string;
  interest: ContactInterest;
  offering: ProgrammeOffering | '';
  message: string;
  consent: boolean;
}

/** The form's fields in the order they appear, so the first invalid one can take the focus. */
export const enquiryFields = ['name', 'email', 'phone', 'interest', 'offering', 'message', 'consent'] as const;
export type EnquiryField = (typeof enquiryFields)[number];
export type EnquiryFieldErrors = Partial<Record<EnquiryField, string>>;

export function emptyEnquiryValues(interest: ContactInterest, offering?: ProgrammeOffering): EnquiryFormValues {
  return { name: '', email: '', phone: '', interest, offering: offering ?? '', message: '', consent: false };
}

function toEnquiryField(key: unknown): EnquiryField | undefined {
  return enquiryFields.find((field) => field === key);
}

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Empty optional fields are left out rather than sent as ''. */
function toEnquiryInput(values: EnquiryFormValues) {
  return {
    name: values.name,
    email: values.email,
    phone: values.phone.trim() === '' ? undefined : values.phone,
    interest: values.interest,
    offering: values.offering === '' ? undefined : values.offering,
    message: values.message.trim() === '' ? undefined : values.message,
    consent: values.consent,
  };
}

export type EnquiryValidation =
  { success: true; body: z.output<typeof programmeEnquiryBodySchema> } | { success: false; errors: EnquiryFieldErrors };

/** Checks the form with the contract's schema, the one the server applies too. */
export function validateEnquiry(values: EnquiryFormValues): EnquiryValidation {
  const parsed = programmeEnquiryBodySchema.safeParse(toEnquiryInput(values));
  if (parsed.success) return { success: true, body: parsed.data };
  const errors: EnquiryFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = toEnquiryField(issue.path[0]);
    if (field && errors[field] === undefined) errors[field] = sentence(issue.message);
  }
  return { success: false, errors };
}

export function firstInvalidField(errors: EnquiryFieldErrors): EnquiryField | undefined {
  return enquiryFields.find((field) => errors[field] !== undefined);
}

/**
 * The server's 400 text reads 'email: indique um e-mail válido' (several joined by '; '); the
 * parts naming a field of the form become that field's inline error.
 */
export function fieldErrorsFromServerText(text: string): EnquiryFieldErrors {
  const errors: EnquiryFieldErrors = {};
  for (const part of text.split('; ')) {
    const match = /^(?:body\.)?([a-z]+): (.+)$/.exec(part.trim());
    const field = toEnquiryField(match?.[1]);
    if (match?.[2] && field && errors[field] === undefined) errors[field] = sentence(match[2]);
  }
  return errors;
}
