import type { Messages } from '@/lib/i18n/messages';
import type { organisations as en } from './en';

/** The organisations feature's European Portuguese messages: the same keys as en.ts, checked by the compiler. */
export const organisations: Messages<typeof en> = {
  roles: {
    owner: 'Proprietário',
    admin: 'Administrador',
    developer: 'Programador',
    billing: 'Faturação',
    viewer: 'Leitor',
  },
  switcher: {
    label: 'Espaço de trabalho: {{name}} ({{role}})',
    heading: 'Espaços de trabalho',
    personal: 'Pessoal',
    personalName: 'Espaço pessoal',
    itemRole: 'A sua função: {{role}}',
    loading: 'A carregar os seus espaços de trabalho…',
    loadError: 'Não foi possível carregar os seus espaços de trabalho.',
    retry: 'Tentar novamente',
    create: 'Criar organização',
    settings: 'Definições da organização',
    switched: 'Está agora a trabalhar em {{name}}.',
    refused: 'Esse espaço de trabalho não é um dos seus (ou foi removido dele): a mostrar {{name}}.',
    lostDeleted: '{{name}} foi eliminada por um proprietário: a mostrar o seu espaço pessoal.',
    lostRemoved: 'Foi removido de {{name}}: a mostrar o seu espaço pessoal.',
  },
  create: {
    title: 'Criar uma organização',
    description:
      'Uma organização partilha contentores, aplicações e chaves, fluxos e faturação com as pessoas que convidar. Será o seu proprietário.',
    nameLabel: 'Nome da organização',
    nameHint: 'A sua empresa ou equipa, tal como os membros a verão.',
    submit: 'Criar organização',
    creating: 'A criar…',
    created: '{{name}} está pronta. Convide pessoas a partir das definições.',
    failed: 'Não foi possível criar a organização',
    unverified: 'Confirme o seu endereço de e-mail antes de criar uma organização: abra a ligação que lhe enviámos.',
  },
  accept: {
    title: 'Juntar-se a uma organização',
    signedOutTitle: 'Foi convidado para uma organização',
    signedOutText:
      'Inicie sessão com o endereço para onde o convite foi enviado e voltará aqui para o aceitar. Ainda não tem conta? Crie uma com esse endereço a partir da página de início de sessão.',
    signIn: 'Iniciar sessão para aceitar',
    loading: 'A ler o convite…',
    missingToken:
      'Esta página precisa da ligação do e-mail do convite. Abra a ligação novamente ou peça um novo convite.',
    invalid:
      'Esta ligação de convite não é válida: pode ter expirado (os convites duram {{days}} dias), sido revogada ou já usada. Peça um novo a um proprietário ou administrador da organização.',
    loadError: 'Não foi possível ler o convite.',
    retry: 'Tentar novamente',
    invitedTo: 'Foi convidado para se juntar a',
    organisation: 'Organização',
    role: 'Papel',
    address: 'Enviado para',
    invitedBy: 'Convidado por',
    expires: 'Válido até',
    roleMeans: 'Como {{role}}: {{description}}',
    submit: 'Aceitar convite',
    accepting: 'A juntar-se…',
    joined: 'Bem-vindo a {{name}}. Está agora a trabalhar nela.',
    failed: 'Não foi possível aceitar o convite',
    otherAddress:
      'Este convite foi enviado para {{email}}, mas tem sessão iniciada como {{current}}. Termine a sessão e inicie sessão com {{email}} para o aceitar.',
    otherAddressServer: 'Este convite foi enviado para outro endereço. Inicie sessão com esse endereço para o aceitar.',
    unverified:
      'Confirme primeiro o seu endereço de e-mail: abra a ligação que enviámos para {{email}} e volte a esta página para aceitar.',
    seatsFull:
      'Todos os lugares desta organização estão ocupados. Peça a um proprietário ou administrador que liberte um lugar ou compre um plano maior e tente novamente.',
    goHome: 'Voltar ao ambiente de trabalho',
  },
  roleDescriptions: {
    owner: 'tudo, incluindo eliminar a organização',
    admin: 'tudo o que um proprietário pode, exceto promover ou remover proprietários',
    developer: 'cria e executa contentores, aplicações e chaves, e fluxos',
    billing: 'planos, encomendas, faturas e dados de faturação; lê todo o resto',
    viewer: 'lê tudo, não altera nada',
  },
};
