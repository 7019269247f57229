import type { common as en } from './common.en';
import type { Messages } from './messages';

/** As common.en.ts, in European Portuguese. */
export const common: Messages<typeof en> = {
  language: {
    label: 'Idioma',
    en: 'English',
    'pt-PT': 'Português (Portugal)',
    changed: 'Idioma: português',
  },
  actions: {
    cancel: 'Cancelar',
    close: 'Fechar',
    save: 'Guardar',
    saving: 'A guardar…',
    retry: 'Tentar novamente',
    back: 'Voltar',
    next: 'Seguinte',
    copy: 'Copiar',
    copied: 'Copiado!',
    delete: 'Eliminar',
    edit: 'Editar',
    signIn: 'Iniciar sessão',
  },
  status: {
    loading: 'A carregar…',
    error: 'Erro',
    success: 'Sucesso',
  },
  session: {
    ended: 'A sua sessão terminou. Inicie sessão novamente para continuar onde estava.',
    signInAgain: 'Iniciar sessão novamente',
  },
  form: {
    required: 'Preencha este campo.',
    tooShort_one: 'Use pelo menos {{n}} carácter.',
    tooShort_other: 'Use pelo menos {{n}} caracteres.',
    tooLong_one: 'Use no máximo {{n}} carácter.',
    tooLong_other: 'Use no máximo {{n}} caracteres.',
    tooFewItems_one: 'Adicione pelo menos {{n}} elemento.',
    tooFewItems_other: 'Adicione pelo menos {{n}} elementos.',
    tooManyItems_one: 'Adicione no máximo {{n}} elemento.',
    tooManyItems_other: 'Adicione no máximo {{n}} elementos.',
    tooSmall: 'Use um número de pelo menos {{n}}.',
    tooBig: 'Use um número de no máximo {{n}}.',
    notInteger: 'Use um número inteiro.',
    email: 'Introduza um endereço de e-mail como nome@exemplo.pt.',
    url: 'Introduza um endereço web completo como https://exemplo.pt.',
    invalidOption: 'Escolha uma das opções apresentadas.',
    invalid: 'Verifique este campo: o valor não é aceite.',
    fixBelow: 'Alguns campos precisam da sua atenção.',
  },
  format: {
    unknown: 'desconhecido',
    justNow: 'agora mesmo',
    never: 'Nunca',
  },
  agents: {
    agent_rag: {
      name: 'Agente de Conhecimento (RAG)',
      description:
        'Responde a perguntas a partir dos documentos da sua base de conhecimento e cita as passagens que usou; diz quando estas não cobrem a pergunta.',
    },
    agent_business: {
      name: 'Analista de Negócio',
      description:
        'Transforma uma proposta ou um conjunto de notas num resumo com síntese, objetivos, riscos e próximos passos, e sugere aprová-lo ou revê-lo.',
    },
    agent_development: {
      name: 'Programador',
      description:
        'Transforma um pedido de funcionalidade numa história de utilizador com critérios de aceitação e tarefas, e comenta o código que colar.',
    },
    agent_marketing: {
      name: 'Redator de Marketing',
      description:
        'Escreve um título, um slogan, uma publicação para redes sociais de até 280 caracteres e hashtags a partir da descrição de um produto ou evento.',
    },
  },
  errors: {
    network: 'Não foi possível contactar o servidor. Verifique a ligação e tente novamente.',
    unexpected: 'Algo correu mal. Tente novamente dentro de momentos.',
  },
};
