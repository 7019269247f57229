import { z } from 'zod';

/** The six offerings of the Ingenious Gen programme (ids; the Portuguese copy lives in the web app). */
export const programmeOfferings = [
  'estagios',
  'bootcamps',
  'concursos',
  'formacao',
  'exposicao',
  'empregabilidade',
] as const;
export type ProgrammeOffering = (typeof programmeOfferings)[number];

/** Which call to action the visitor came from. */
export const enquiryInterests = ['inscricao', 'saber-mais', 'consultor', 'programa'] as const;
export type EnquiryInterest = (typeof enquiryInterests)[number];

export const programmeStats = { partnerCompanies: '500+', placementRate: '95%', graduates: '10k+' } as const;

/** The limits of an enquiry's fields: the form's hints and the server's checks both read these. */
export const ENQUIRY_NAME_MIN_LENGTH = 2;
export const ENQUIRY_NAME_MAX_LENGTH = 120;
export const ENQUIRY_EMAIL_MAX_LENGTH = 254;
export const ENQUIRY_PHONE_MAX_LENGTH = 40;
export const ENQUIRY_MESSAGE_MAX_LENGTH = 2000;
/** A phone number as people type it: digits, spaces, +, ( ) and - (empty: no phone given). */
export const ENQUIRY_PHONE_PATTERN = /^[+()0-9\s-]*$/;

const nameLength = `must be ${ENQUIRY_NAME_MIN_LENGTH} to ${ENQUIRY_NAME_MAX_LENGTH} characters`;

export const programmeEnquiryBodySchema = z.object({
  name: z.string().trim().min(ENQUIRY_NAME_MIN_LENGTH, nameLength).max(ENQUIRY_NAME_MAX_LENGTH, nameLength),
  email: z.string().trim().max(ENQUIRY_EMAIL_MAX_LENGTH).pipe(z.email('must be a valid e-mail address')),
  phone: z
    .string()
    .trim()
    .max(ENQUIRY_PHONE_MAX_LENGTH, `must be at most ${ENQUIRY_PHONE_MAX_LENGTH} characters`)
    .regex(ENQUIRY_PHONE_PATTERN, 'may contain only digits, spaces, +, ( ) and -')
    .optional(),
  interest: z.enum(enquiryInterests),
  offering: z.enum(programmeOfferings).optional(),
  message: z
    .string()
    .trim()
    .max(ENQUIRY_MESSAGE_MAX_LENGTH, `must be at most ${ENQUIRY_MESSAGE_MAX_LENGTH} characters`)
    .optional(),
  consent: z.literal(true, 'must be accepted so that we can answer'),
});
export type ProgrammeEnquiryBody = z.input<typeof programmeEnquiryBodySchema>;

export const programmeEnquiryResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  enquiry: z.object({ id: z.string(), created_at: z.string() }),
});
export type ProgrammeEnquiryResponse = z.infer<typeof programmeEnquiryResponseSchema>;

export const programmeEnquiryReceived = 'Obrigado! Recebemos o seu pedido e entraremos em contacto em breve.';
