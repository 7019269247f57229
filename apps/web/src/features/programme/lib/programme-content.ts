import { programmeStats, type EnquiryInterest, type ProgrammeOffering } from '@nuvem/contracts/programme';

/** The programme's copy, in Portuguese: one source for the landing page and the printable programme. */
export const programmeName = 'Ingenious Gen';

export const programmeTagline = 'Formação, estágios e emprego para a nova geração de talento tecnológico.';

export const programmeIntro =
  'Um programa que liga estudantes e recém-formados às empresas: aprenda na prática, mostre o que sabe fazer e dê o passo seguinte na sua carreira com o nosso acompanhamento.';

export interface ProgrammeOfferingContent {
  id: ProgrammeOffering;
  title: string;
  description: string;
  /** Exactly three bullets, as the spec has it. */
  highlights: readonly [string, string, string];
}

export const programmeOfferingsContent: readonly ProgrammeOfferingContent[] = [
  {
    id: 'estagios',
    title: 'Estágios em empresas parceiras',
    description: 'Experiência real em equipas de tecnologia da nossa rede de empresas.',
    highlights: [
      'Estágios de 3 a 6 meses em empresas parceiras',
      'Mentor dedicado durante todo o estágio',
      'Possibilidade de contratação no final',
    ],
  },
  {
    id: 'bootcamps',
    title: 'Bootcamps intensivos',
    description: 'Programas imersivos e práticos para dominar uma área em poucas semanas.',
    highlights: [
      'Desenvolvimento web, dados e cloud',
      'Projetos reais desenvolvidos em equipa',
      'Formadores com experiência na indústria',
    ],
  },
  {
    id: 'concursos',
    title: 'Concursos e desafios',
    description: 'Hackathons e desafios lançados pelas empresas para pôr o talento à prova.',
    highlights: [
      'Hackathons e desafios propostos por empresas',
      'Prémios e reconhecimento para as melhores equipas',
      'Visibilidade junto de recrutadores',
    ],
  },
  {
    id: 'formacao',
    title: 'Formação complementar com certificação',
    description: 'Cursos que completam a formação académica com competências procuradas pelo mercado.',
    highlights: [
      'Competências técnicas e transversais',
      'Certificados reconhecidos pelo mercado',
      'Preparação para certificações internacionais',
    ],
  },
  {
    id: 'exposicao',
    title: 'Exposição de projetos e networking',
    description: 'Momentos para mostrar o trabalho feito e conhecer quem contrata.',
    highlights: [
      'Mostras de projetos abertas às empresas',
      'Eventos de networking com profissionais do setor',
      'Portefólio público dos seus projetos',
    ],
  },
  {
    id: 'empregabilidade',
    title: 'Apoio à empregabilidade e ao empreendedorismo',
    description: 'Acompanhamento na procura de emprego ou na criação do seu próprio negócio.',
    highlights: [
      'Revisão de CV e preparação para entrevistas',
      'Acesso a ofertas de emprego das empresas parceiras',
      'Mentoria para quem quer criar a sua empresa',
    ],
  },
];

export interface ProgrammeStat {
  value: string;
  label: string;
}

export const programmeStatsContent: readonly ProgrammeStat[] = [
  { value: programmeStats.partnerCompanies, label: 'empresas parceiras' },
  { value: programmeStats.placementRate, label: 'taxa de empregabilidade' },
  { value: programmeStats.graduates, label: 'formados' },
];

/** The calls to action of the page; enrol, learn more and consultant open the contact form. */
export const programmeCta = {
  enrol: 'Inscrever-me agora',
  learnMore: 'Saber mais',
  consultant: 'Falar com um consultor',
  download: 'Descarregar programa',
} as const;

/** The interests a visitor can pick in the contact form ('programa' is the download, not a form). */
export type ContactInterest = Exclude<EnquiryInterest, 'programa'>;

export const contactInterestOptions: readonly { value: ContactInterest; label: string }[] = [
  { value: 'inscricao', label: 'Quero inscrever-me' },
  { value: 'saber-mais', label: 'Quero saber mais' },
  { value: 'consultor', label: 'Quero falar com um consultor' },
];

export const enquiryCopy = {
  title: 'Pedido de contacto',
  description: 'Deixe-nos os seus dados e a nossa equipa responde-lhe em breve.',
  interestLegend: 'O que pretende?',
  name: 'Nome',
  email: 'E-mail',
  phone: 'Telefone (opcional)',
  offering: 'Oferta de interesse (opcional)',
  noOffering: 'Sem preferência',
  message: 'Mensagem (opcional)',
  consent: 'Aceito ser contactado pela equipa Ingenious Gen sobre este pedido.',
  submit: 'Enviar pedido',
  pending: 'A enviar…',
  sentToast: 'Pedido enviado',
  failed: 'Não foi possível enviar o pedido. Tente novamente.',
  close: 'Fechar',
  offeringInterest: 'Tenho interesse',
} as const;

export const programmeDocumentCopy = {
  title: 'Programa Ingenious Gen',
  print: 'Imprimir / guardar em PDF',
  back: 'Voltar ao Ingenious Gen',
  statsHeading: 'O programa em números',
  offeringsHeading: 'Ofertas do programa',
  contactsHeading: 'Contactos',
  contactsText:
    'Para se inscrever, pedir mais informações ou falar com um consultor, preencha o formulário de contacto na página do programa:',
} as const;
