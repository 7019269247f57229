import type { Messages } from '@/lib/i18n/messages';
import type { auth as en } from './en';

/** The auth feature's European Portuguese messages: the same keys as en.ts, checked by the compiler. */
export const auth: Messages<typeof en> = {
  panel: {
    loginTitle: 'Iniciar sessão',
    loginDescription: 'Inicie sessão no ecossistema Nuvem.',
    registerTitle: 'Criar conta',
    registerDescription: 'Uma só conta para todas as aplicações Nuvem.',
    signedInTitle: 'Sessão iniciada',
    signedInAs: 'Tem sessão iniciada como <name/> (<email/>).',
    fallbackName: 'Utilizador',
    continue: 'Continuar',
  },
  form: {
    loginLabel: 'Iniciar sessão',
    registerLabel: 'Criar conta',
    displayName: 'Nome a mostrar',
    email: 'E-mail',
    password: 'Palavra-passe',
    passwordHint: 'Use entre {{min}} e {{max}} caracteres, e não uma palavra-passe comum ou divulgada.',
    forgotPassword: 'Esqueceu-se da palavra-passe?',
    rememberMe: 'Lembrar-me',
    submitLogin: 'Iniciar sessão',
    submitRegister: 'Criar conta',
    submittingLogin: 'A iniciar sessão…',
    submittingRegister: 'A criar a conta…',
    haveAccount: 'Já tem conta?',
    noAccount: 'Ainda não tem conta?',
    switchToLogin: 'Iniciar sessão em vez disso',
    switchToRegister: 'Criar uma conta',
    or: 'ou',
  },
  fields: {
    passwordLength: 'Use entre {{min}} e {{max}} caracteres.',
    passwordCommon: 'Esta palavra-passe é demasiado comum. Escolha uma mais difícil de adivinhar.',
    passwordBlank: 'Use letras, algarismos ou símbolos, não apenas espaços ou caracteres invisíveis.',
    displayNameControl: 'Retire do nome os caracteres de controlo (quebras de linha, tabulações).',
    displayNameVisible: 'Use pelo menos uma letra, um algarismo ou um símbolo.',
  },
  social: {
    google: 'Continuar com Google',
    github: 'Continuar com GitHub',
  },
  errors: {
    loginFailed: 'Não foi possível iniciar sessão',
    registrationFailed: 'Não foi possível criar a conta',
    invalidCredentials: 'E-mail ou palavra-passe inválidos',
    emailTaken: 'Já existe uma conta com este e-mail',
    rateLimited: 'Demasiadas tentativas. Aguarde um minuto e tente novamente.',
    crossSite: 'O pedido foi recusado porque não veio deste site. Recarregue a página e tente novamente.',
  },
  signInErrors: {
    social_failed: 'O início de sessão social falhou. Tente novamente.',
    social_cancelled: 'O início de sessão social falhou: cancelou-o.',
    social_incomplete:
      'O início de sessão social falhou: o fornecedor enviou uma resposta incompleta. Tente novamente.',
    social_expired:
      'O início de sessão social falhou: expirou, já foi utilizado ou foi iniciado noutro navegador. Tente novamente.',
    social_unavailable:
      'O início de sessão social falhou: não foi possível contactar o fornecedor. Tente novamente mais tarde.',
    social_unverified_email: 'O início de sessão social falhou: o fornecedor não verificou o seu endereço de e-mail.',
    social_account_exists:
      'Já existe uma conta com este e-mail. Enviámos uma ligação para esse endereço: abra-a para iniciar sessão com este fornecedor. Ou inicie sessão com o seu e-mail e palavra-passe para a associar.',
    google_not_configured: 'O início de sessão com Google não está configurado aqui: use o seu e-mail e palavra-passe.',
    github_not_configured: 'O início de sessão com GitHub não está configurado aqui: use o seu e-mail e palavra-passe.',
    rate_limited: 'Demasiadas tentativas de início de sessão. Aguarde um minuto e tente novamente.',
  },
};
