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

export const programmeEnquiryBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(2, 'indique o seu nome (2 a 120 caracteres)')
    .max(120, 'indique o seu nome (2 a 120 caracteres)'),
  email: z.string().trim().max(254).pipe(z.email('indique um e-mail válido')),
  phone: z
    .string()
    .trim()
    .max(40, 'o telefone tem no máximo 40 caracteres')
    .regex(/^[+()0-9\s-]*$/, 'o telefone só pode ter dígitos, espaços, +, ( ) e -')
    .optional(),
  interest: z.enum(enquiryInterests),
  offering: z.enum(programmeOfferings).optional(),
  message: z.string().trim().max(2000, 'a mensagem tem no máximo 2000 caracteres').optional(),
  consent: z.literal(true, 'aceite ser contactado para enviarmos a resposta'),
});
export type ProgrammeEnquiryBody = z.input<typeof programmeEnquiryBodySchema>;

export const programmeEnquiryResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  enquiry: z.object({ id: z.string(), created_at: z.string() }),
});
export type ProgrammeEnquiryResponse = z.infer<typeof programmeEnquiryResponseSchema>;

export const programmeEnquiryReceived = 'Obrigado! Recebemos o seu pedido e entraremos em contacto em breve.';
