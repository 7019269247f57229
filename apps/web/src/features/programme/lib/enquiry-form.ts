import {
  programmeEnquiryBodySchema,
  programmeOfferings,
  type ProgrammeEnquiryBody,
  type ProgrammeOffering,
} from '@nuvem/contracts/programme';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { FieldMessages } from '@/lib/forms';
import { contactInterests, type ContactInterest } from './programme-content';

/**
 * The contact form's schema: the contract's, with what a form holds before it is sent: an
 * unchosen offering is '' and the consent box starts unticked (the contract takes only `true`,
 * and so does this, with the same rule).
 */
export const enquiryFormSchema = programmeEnquiryBodySchema.extend({
  interest: z.enum(contactInterests),
  offering: z.union([z.enum(programmeOfferings), z.literal('')]),
  consent: z.boolean().refine((accepted) => accepted, 'must be accepted so that we can answer'),
});
export type EnquiryFormValues = z.input<typeof enquiryFormSchema>;

/** The form's fields, in the order they appear. */
export const enquiryFields = ['interest', 'name', 'email', 'phone', 'offering', 'message', 'consent'] as const;

export function emptyEnquiryValues(interest: ContactInterest, offering?: ProgrammeOffering): EnquiryFormValues {
  return { name: '', email: '', phone: '', interest, offering: offering ?? '', message: '', consent: false };
}

/** The form's checked values as the request body: empty optional fields are left out rather than sent as ''. */
export function toEnquiryBody(values: z.output<typeof enquiryFormSchema>): ProgrammeEnquiryBody {
  return {
    name: values.name,
    email: values.email,
    ...(values.phone ? { phone: values.phone } : {}),
    interest: values.interest,
    ...(values.offering ? { offering: values.offering } : {}),
    ...(values.message ? { message: values.message } : {}),
    consent: true,
  };
}

/**
 * The two rules zod cannot word by itself: the phone's pattern and the consent. The others (too
 * short, too long, not an e-mail) get the shared messages, with the contract's figures.
 */
export function enquiryFieldMessages(t: TFunction<'programme'>): FieldMessages {
  return (field, issue) => {
    if (field === 'phone' && issue.code === 'invalid_format') return t('enquiry.phoneInvalid');
    if (field === 'consent') return t('enquiry.consentRequired');
    return undefined;
  };
}
