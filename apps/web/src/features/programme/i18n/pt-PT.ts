import type { Messages } from '@/lib/i18n/messages';
import type { programme as en } from './en';

/** The programme feature's European Portuguese messages: the same keys as en.ts, checked by the compiler. */
export const programme: Messages<typeof en> = {
  name: 'Ingenious Gen',
  tagline: 'Formação, estágios e emprego para a nova geração de talento tecnológico.',
  intro:
    'Um programa que liga estudantes e recém-formados às empresas: aprenda na prática, mostre o que sabe fazer e dê o passo seguinte na sua carreira com o nosso acompanhamento.',
  page: {
    eyebrow: 'Programa de talento',
    statsHeading: 'O programa em números',
    offeringsHeading: 'O que oferecemos',
    offeringsIntro: 'Seis caminhos para aprender, mostrar o seu talento e chegar ao emprego.',
    nextStepHeading: 'Pronto para dar o próximo passo?',
    nextStepText: 'Fale com um consultor para encontrar o percurso certo, ou descarregue o programa completo.',
  },
  cta: {
    enrol: 'Inscrever-me agora',
    learnMore: 'Saber mais',
    consultant: 'Falar com um consultor',
    download: 'Descarregar programa',
  },
  stats: {
    partnerCompanies: 'empresas parceiras',
    placementRate: 'taxa de empregabilidade',
    graduates: 'formados',
  },
  offerings: {
    estagios: {
      title: 'Estágios em empresas parceiras',
      description: 'Experiência real em equipas de tecnologia da nossa rede de empresas.',
      highlights: {
        one: 'Estágios de 3 a 6 meses em empresas parceiras',
        two: 'Mentor dedicado durante todo o estágio',
        three: 'Possibilidade de contratação no final',
      },
    },
    bootcamps: {
      title: 'Bootcamps intensivos',
      description: 'Programas imersivos e práticos para dominar uma área em poucas semanas.',
      highlights: {
        one: 'Desenvolvimento web, dados e cloud',
        two: 'Projetos reais desenvolvidos em equipa',
        three: 'Formadores com experiência na indústria',
      },
    },
    concursos: {
      title: 'Concursos e desafios',
      description: 'Hackathons e desafios lançados pelas empresas para pôr o talento à prova.',
      highlights: {
        one: 'Hackathons e desafios propostos por empresas',
        two: 'Prémios e reconhecimento para as melhores equipas',
        three: 'Visibilidade junto de recrutadores',
      },
    },
    formacao: {
      title: 'Formação complementar com certificação',
      description: 'Cursos que completam a formação académica com competências procuradas pelo mercado.',
      highlights: {
        one: 'Competências técnicas e transversais',
        two: 'Certificados reconhecidos pelo mercado',
        three: 'Preparação para certificações internacionais',
      },
    },
    exposicao: {
      title: 'Exposição de projetos e networking',
      description: 'Momentos para mostrar o trabalho feito e conhecer quem contrata.',
      highlights: {
        one: 'Mostras de projetos abertas às empresas',
        two: 'Eventos de networking com profissionais do setor',
        three: 'Portefólio público dos seus projetos',
      },
    },
    empregabilidade: {
      title: 'Apoio à empregabilidade e ao empreendedorismo',
      description: 'Acompanhamento na procura de emprego ou na criação do seu próprio negócio.',
      highlights: {
        one: 'Revisão de CV e preparação para entrevistas',
        two: 'Acesso a ofertas de emprego das empresas parceiras',
        three: 'Mentoria para quem quer criar a sua empresa',
      },
    },
  },
  offeringCard: {
    interest: 'Tenho interesse',
    interestIn: 'Tenho interesse em {{title}}',
  },
  enquiry: {
    title: 'Pedido de contacto',
    description: 'Deixe-nos os seus dados e a nossa equipa responde-lhe em breve.',
    interestLegend: 'O que pretende?',
    interests: {
      inscricao: 'Quero inscrever-me',
      'saber-mais': 'Quero saber mais',
      consultor: 'Quero falar com um consultor',
    },
    name: 'Nome',
    email: 'E-mail',
    phone: 'Telefone (opcional)',
    phoneHint: 'Algarismos, espaços, +, ( ) e -; até {{max}} caracteres.',
    phoneInvalid: 'Use apenas algarismos, espaços, +, ( ) e -.',
    offering: 'Oferta de interesse (opcional)',
    noOffering: 'Sem preferência',
    message: 'Mensagem (opcional)',
    messageHint: 'Até {{max}} caracteres.',
    consent: 'Aceito ser contactado pela equipa Ingenious Gen sobre este pedido.',
    consentRequired: 'Aceite ser contactado para lhe enviarmos a resposta.',
    submit: 'Enviar pedido',
    pending: 'A enviar…',
    sentToast: 'Pedido enviado',
    received: 'Obrigado! Recebemos o seu pedido e entraremos em contacto em breve.',
    failed: 'Não foi possível enviar o pedido. Tente novamente.',
    tooMany: 'Demasiados pedidos a partir desta ligação. Tente novamente dentro de alguns minutos.',
  },
  document: {
    title: 'Programa Ingenious Gen',
    print: 'Imprimir / guardar em PDF',
    back: 'Voltar ao Ingenious Gen',
    offeringsHeading: 'Ofertas do programa',
    contactsHeading: 'Contactos',
    contactsText:
      'Para se inscrever, pedir mais informações ou falar com um consultor, preencha o formulário de contacto na página do programa:',
  },
};
