import type { Messages } from '@/lib/i18n/messages';
import type { account as en } from './en';

/** The account page's European Portuguese messages: the same keys as en.ts. */
export const account: Messages<typeof en> = {
  page: {
    title: 'Conta',
    description: 'O seu início de sessão, os dispositivos com sessão iniciada na sua conta e os seus dados.',
  },
  sessions: {
    title: 'Sessões',
    description: 'Onde a sua conta tem sessão iniciada. Termine a sessão de qualquer dispositivo que não reconheça.',
    loading: 'A carregar as suas sessões',
    loadFailed: 'Não foi possível carregar as suas sessões.',
    listLabel: 'Dispositivos com sessão iniciada',
    device: '{{browser}} em {{os}}',
    browserOnSystem: 'Um navegador em {{os}}',
    unknownDevice: 'Dispositivo desconhecido',
    thisDevice: 'Este dispositivo',
    mfaPassed: 'Verificado em dois passos',
    address: 'Endereço IP {{ip}}',
    unknownAddress: 'Endereço desconhecido',
    lastSeen: 'Ativo {{when}}',
    signedIn: 'Sessão iniciada a {{date}}',
    signOut: 'Terminar sessão',
    signOutNamed: 'Terminar a sessão de {{device}}',
    signedOut: 'A sessão de {{device}} foi terminada.',
    signOutFailed: 'Não foi possível terminar a sessão de {{device}}: {{reason}}',
    onlyThis: 'Nenhum outro dispositivo tem sessão iniciada na sua conta.',
    signOutOthers: 'Terminar todas as outras sessões',
    othersConfirmTitle: 'Terminar todas as outras sessões?',
    othersConfirmText:
      'Os restantes navegadores e dispositivos com sessão iniciada na sua conta saem de imediato. Este continua com sessão iniciada.',
    othersConfirm: 'Terminar as outras',
    othersDone_one: '{{count}} outra sessão foi terminada.',
    othersDone_other: '{{count}} outras sessões foram terminadas.',
    othersFailed: 'Não foi possível terminar as outras sessões: {{reason}}',
  },
  data: {
    title: 'Os seus dados',
    description: 'Obtenha uma cópia de tudo o que o Nuvem guarda sobre si, ou elimine a sua conta.',
    export: {
      title: 'Exportar os seus dados',
      description:
        'Um ficheiro JSON com tudo o que o Nuvem guarda sobre si: o seu perfil e publicações, aplicações e chaves de API (sem os segredos), contentores, fluxos e execuções, encomendas, subscrição e inscrições em eventos.',
      button: 'Transferir os meus dados',
      busy: 'A preparar o seu ficheiro…',
      done: 'Os seus dados foram transferidos como {{file}}.',
      failed: 'Não foi possível exportar os seus dados: {{reason}}',
    },
    delete: {
      title: 'Eliminar a sua conta',
      description:
        'Os seus contentores e tudo o que contêm são apagados, a sua subscrição é cancelada, todas as sessões terminam e os seus dados pessoais são eliminados. As encomendas pagas são guardadas sem dados pessoais, porque as faturas têm de ser conservadas. Não é possível anular.',
      button: 'Eliminar a conta…',
      dialogTitle: 'Eliminar a sua conta?',
      dialogText:
        'Isto elimina a sua conta e os seus dados para sempre. A sua sessão termina e não poderá voltar a entrar com esta conta.',
      confirm: 'Escreva o seu endereço de e-mail, {{email}}, para confirmar',
      confirmMismatch: 'Escreva {{email}} tal como está, para confirmar.',
      password: 'Palavra-passe',
      passwordHint: 'Deixe em branco se só entra com o Google ou o GitHub.',
      code: 'Código da sua aplicação de autenticação, ou um código de recuperação',
      submit: 'Eliminar a minha conta',
      submitting: 'A eliminar a sua conta…',
      done: 'A sua conta foi eliminada. Foi enviada uma confirmação para {{email}}.',
    },
  },
  errors: {
    wrongPassword: 'A palavra-passe não está correta.',
    codeNeeded: 'Introduza um código da sua aplicação de autenticação, ou um código de recuperação.',
    wrongCode: 'Esse código não é válido.',
    confirmMismatch: 'O endereço de e-mail que escreveu não é o da sua conta.',
    containersBusy:
      'Um dos seus contentores ainda está a ser criado ou alterado. Aguarde que termine e volte a eliminar a conta.',
    containersFailed:
      'Não foi possível apagar os seus contentores. Nada mais foi eliminado; tente de novo dentro de momentos.',
    rateLimited: 'Demasiadas tentativas. Tente de novo {{when}}.',
    failed: '{{reason}}',
  },
};
