import { accountEmailMessages } from '@nuvem/contracts/account-email';
import { accountMessages } from '@nuvem/contracts/account';
import { aiSecurityMessages } from '@nuvem/contracts/ai-security';
import { applicationMessages } from '@nuvem/contracts/applications';
import { authMessages, passwordMessages, signInErrorMessages } from '@nuvem/contracts/auth';
import { billingMessages, pricingMessages } from '@nuvem/contracts/billing';
import { errorMessages } from '@nuvem/contracts/common';
import { eventsMessages } from '@nuvem/contracts/events';
import { mfaMessages } from '@nuvem/contracts/mfa';
import { ORGANISATIONS_PER_USER_MAX, orgMessages } from '@nuvem/contracts/orgs';
import { postMessages } from '@nuvem/contracts/profile-posts';
import { profileMessages } from '@nuvem/contracts/profiles';
import { vatMessages } from '@nuvem/contracts/tax';
import { workflowMessages } from '@nuvem/contracts/workflows';
import type { ServerLanguage } from './language.js';

/**
 * The server's catalogue: every text it sends a person, in English and European Portuguese. The
 * code throws the spec's text (English, or Portuguese for the pricing page's toasts, which the spec
 * gives in Portuguese); the error handler looks it up here and answers in the reader's language.
 * Keyed by the text itself, so a throw site needs no change and a request without Accept-Language
 * gets the spec's text unchanged.
 */
export interface CatalogueEntry {
  en: string;
  'pt-PT': string;
}

const pair = (en: string, pt: string): CatalogueEntry => ({ en, 'pt-PT': pt });

/** Texts without figures. */
export const fixedMessages: readonly CatalogueEntry[] = [
  // common
  pair(errorMessages.notFound, 'Não encontrado'),
  pair(errorMessages.internal, 'Erro interno do servidor'),
  pair(errorMessages.serviceUnavailable, 'Serviço indisponível'),
  pair(errorMessages.busy, 'O serviço está ocupado. Tente novamente daqui a pouco.'),
  pair(errorMessages.nulCharacter, 'O texto não pode conter caracteres NUL'),
  pair(errorMessages.unpairedSurrogate, 'O texto tem de ser Unicode válido (sem substitutos desemparelhados)'),
  pair('Bad request', 'Pedido inválido'),
  // auth
  pair(authMessages.invalidCredentials, 'E-mail ou palavra-passe inválidos'),
  pair(authMessages.emailTaken, 'Já existe uma conta com este e-mail'),
  pair(authMessages.loginFailed, 'O início de sessão falhou'),
  pair(authMessages.registrationFailed, 'O registo falhou'),
  pair(authMessages.unauthorized, 'Não autorizado'),
  pair(authMessages.unauthorizedRefresh, 'Não autorizado - atualize a página'),
  pair(authMessages.crossSite, 'Pedido de outro site recusado'),
  pair(authMessages.socialFailed, 'O início de sessão social falhou'),
  pair(signInErrorMessages.social_failed, 'O início de sessão social falhou. Tente novamente.'),
  pair(signInErrorMessages.social_cancelled, 'O início de sessão social falhou: cancelou-o.'),
  pair(
    signInErrorMessages.social_incomplete,
    'O início de sessão social falhou: o fornecedor enviou uma resposta incompleta. Tente novamente.',
  ),
  pair(
    signInErrorMessages.social_expired,
    'O início de sessão social falhou: expirou, já foi usado ou foi iniciado noutro navegador. Tente novamente.',
  ),
  pair(
    signInErrorMessages.social_unavailable,
    'O início de sessão social falhou: não foi possível contactar o fornecedor. Tente mais tarde.',
  ),
  pair(
    signInErrorMessages.social_unverified_email,
    'O início de sessão social falhou: o fornecedor não verificou o seu endereço de e-mail.',
  ),
  pair(
    signInErrorMessages.social_account_exists,
    'Já existe uma conta com este e-mail. Enviámos para esse endereço uma ligação: abra-a para entrar com este fornecedor. Ou entre com o seu e-mail e palavra-passe para o associar.',
  ),
  pair(
    signInErrorMessages.google_not_configured,
    'O início de sessão com Google não está configurado aqui: use o seu e-mail e palavra-passe.',
  ),
  pair(
    signInErrorMessages.github_not_configured,
    'O início de sessão com GitHub não está configurado aqui: use o seu e-mail e palavra-passe.',
  ),
  pair(
    signInErrorMessages.rate_limited,
    'Demasiadas tentativas de início de sessão. Aguarde um minuto e tente novamente.',
  ),
  pair(passwordMessages.common, 'Esta palavra-passe é demasiado comum. Escolha uma mais difícil de adivinhar.'),
  // account
  pair(accountMessages.sessionNotFound, 'Sessão não encontrada'),
  pair(
    accountMessages.confirmMismatch,
    'Escreva o seu endereço de e-mail exatamente como está na conta para confirmar',
  ),
  pair(accountMessages.mfaRequired, 'Introduza um código da sua aplicação de autenticação ou um código de recuperação'),
  pair(accountMessages.invalidMfaCode, 'Esse código não é válido'),
  pair(accountMessages.invalidPassword, 'A palavra-passe não está correta'),
  pair(
    accountMessages.containersBusy,
    'Um dos seus contentores ainda está a ser criado ou alterado. Aguarde que termine e volte a eliminar a conta.',
  ),
  pair(
    accountMessages.containersFailed,
    'Não foi possível eliminar todos os seus contentores. Nada mais foi eliminado; tente novamente daqui a pouco.',
  ),
  pair(accountEmailMessages.invalidToken, 'Esta ligação é inválida ou expirou. Peça uma nova.'),
  pair(
    accountEmailMessages.emailNotVerified,
    'Verifique primeiro o seu endereço de e-mail: abra a ligação que lhe enviámos (o aviso no topo da página volta a enviá-la).',
  ),
  pair(accountEmailMessages.sameEmail, 'Este já é o seu endereço de e-mail.'),
  pair(
    accountEmailMessages.accepted,
    'Se uma conta usar este endereço, enviámos-lhe uma ligação para redefinir a palavra-passe.',
  ),
  // mfa (invalidPassword is accountMessages' text)
  pair(mfaMessages.ticketInvalid, 'Este início de sessão expirou ou já foi concluído. Entre novamente.'),
  pair(mfaMessages.invalidCode, 'O código não é válido'),
  pair(mfaMessages.passkeyInvalid, 'Não foi possível verificar a chave de acesso'),
  pair(mfaMessages.totpAlreadyEnabled, 'Já está configurada uma aplicação de autenticação'),
  pair(mfaMessages.totpNotStarted, 'Comece primeiro a configuração da aplicação de autenticação'),
  pair(mfaMessages.totpNotEnabled, 'Não está configurada nenhuma aplicação de autenticação'),
  pair(mfaMessages.noSecondFactor, 'A verificação em dois passos não está ativada'),
  pair(mfaMessages.noPasskeys, 'Esta conta não tem chaves de acesso'),
  pair(mfaMessages.passkeyNotFound, 'Chave de acesso não encontrada'),
  pair(mfaMessages.passkeyExists, 'Esta chave de acesso já está registada'),
  pair(mfaMessages.challengeExpired, 'O pedido da chave de acesso expirou. Tente novamente.'),
  // organisations
  pair(orgMessages.notFound, 'Organização não encontrada'),
  pair(orgMessages.notMember, 'Não é membro desta organização'),
  pair(orgMessages.verifiedRequired, 'Verifique o seu endereço de e-mail antes de criar ou aderir a uma organização'),
  pair(orgMessages.alreadyMember, 'Essa pessoa já é membro'),
  pair(orgMessages.alreadyInvited, 'Esse endereço já tem um convite pendente'),
  pair(
    orgMessages.invitationInvalid,
    'Esta ligação de convite não é válida: pode ter expirado, sido revogada ou já usada',
  ),
  pair(orgMessages.lastOwner, 'Uma organização tem de manter pelo menos um proprietário'),
  pair(orgMessages.roleNotAllowed, 'A sua função não pode dar nem retirar essa função'),
  pair(orgMessages.memberNotFound, 'Membro não encontrado'),
  pair(orgMessages.invitationNotFound, 'Convite não encontrado'),
  pair(orgMessages.notEmpty, 'Elimine os seus contentores e cancele o seu plano pago antes de eliminar a organização'),
  pair(
    orgMessages.ownsOrganisations,
    'É proprietário de organizações: torne outro membro proprietário, ou elimine a organização na sua página de definições, antes de eliminar a conta',
  ),
  pair(orgMessages.ownerOnly, 'Só um proprietário pode eliminar a organização'),
  pair(orgMessages.personalWorkspace, 'O seu espaço pessoal não tem membros; crie uma organização para partilhar'),
  pair(
    orgMessages.tooManyOrganisations,
    `É proprietário de ${String(ORGANISATIONS_PER_USER_MAX)} organizações, o máximo que uma pessoa pode ter`,
  ),
  pair(
    orgMessages.keyOtherWorkspace,
    'Esta chave de API pertence a outro espaço de trabalho; não envie o cabeçalho Nuvem-Organization com ela, ou envie o dela',
  ),
  pair(
    orgMessages.keyIssuerGone,
    'Esta chave de API já não funciona: quem a emitiu já não é membro da sua organização',
  ),
  // applications and API keys
  pair(applicationMessages.applicationNotFound, 'Aplicação não encontrada'),
  pair(applicationMessages.keyNotFound, 'Chave de API não encontrada'),
  pair(applicationMessages.keyCreated, 'Chave de API criada com sucesso'),
  pair(applicationMessages.keyRevoked, 'Chave de API revogada com sucesso'),
  pair(applicationMessages.keyRotated, 'Chave de API rodada com sucesso'),
  pair(applicationMessages.keyAlreadyRevoked, 'Esta chave de API já está revogada'),
  pair(applicationMessages.rotateRevoked, 'Não é possível rodar uma chave de API revogada'),
  pair(applicationMessages.rotateExpired, 'Não é possível rodar uma chave de API expirada'),
  pair(applicationMessages.applicationDeleted, 'Aplicação eliminada; as suas chaves de API foram revogadas'),
  pair(applicationMessages.invalidClient, 'Credenciais de cliente inválidas'),
  pair(applicationMessages.invalidKey, 'Chave de API inválida'),
  pair(applicationMessages.revokedKey, 'Chave de API revogada'),
  pair(applicationMessages.expiredKey, 'Chave de API expirada'),
  pair(applicationMessages.missingWrite, 'Esta chave de API não tem o âmbito de escrita'),
  pair(applicationMessages.missingRead, 'Esta chave de API não tem o âmbito de leitura'),
  pair(applicationMessages.rateLimited, 'Limite de pedidos excedido para esta chave de API'),
  pair(applicationMessages.userRateLimited, 'Limite de pedidos excedido para esta conta'),
  // billing: the server's own refusals (English) ...
  pair(billingMessages.unknownPrice, 'Preço desconhecido para este plano e período'),
  pair(billingMessages.freePlanNoCheckout, 'O plano Free não precisa de checkout'),
  pair(billingMessages.alreadySubscribed, 'Já tem este plano. Mude o período ou cancele-o na página de Faturação.'),
  pair(billingMessages.couponPlan, 'Este cupão não é válido para este plano'),
  pair(billingMessages.cardDeclined, 'O seu cartão foi recusado.'),
  pair(billingMessages.cardIncomplete, 'O número do seu cartão está incompleto.'),
  pair(billingMessages.sessionClosed, 'Este checkout já foi concluído ou expirou.'),
  pair(billingMessages.noSubscription, 'Não tem nenhuma subscrição paga para cancelar.'),
  pair(billingMessages.webhookSignature, 'Assinatura de webhook inválida'),
  pair(billingMessages.checkoutOpen, 'Já está aberto um checkout para esta compra. Conclua-o ou cancele-o primeiro.'),
  pair(billingMessages.invalidEvent, 'Evento Stripe malformado'),
  pair(billingMessages.noInvoice, 'Esta encomenda não tem fatura (não está paga).'),
  pair(
    billingMessages.customerPortalUnavailable,
    'O portal de cliente precisa do Stripe: este portal aceita pagamentos de teste.',
  ),
  pair(
    billingMessages.noStripeCustomer,
    'Ainda não existe cliente Stripe para esta conta: é criado com o primeiro pagamento.',
  ),
  pair(pricingMessages.calculateFailed, 'Não foi possível calcular o preço'),
  pair(pricingMessages.checkoutFailed, 'Não foi possível criar a sessão de checkout'),
  pair(pricingMessages.subscriptionCheckoutFailed, 'Não foi possível criar o checkout da subscrição'),
  // ... and the pricing page's toasts, which the spec gives in European Portuguese.
  pair('Please enter a coupon code', pricingMessages.couponEmpty),
  pair('Invalid or expired coupon code', pricingMessages.couponInvalid),
  pair('Error validating the coupon', pricingMessages.couponFallback),
  pair('Please sign in to continue', pricingMessages.signInRequired),
  pair('Invalid price for this plan', pricingMessages.invalidPrice),
  pair('Price ID not found for this plan', pricingMessages.priceIdMissing),
  pair('Checkout URL not received', pricingMessages.noCheckoutUrl),
  pair('Error processing the payment', pricingMessages.subscriptionFallback),
  pair('Error processing the purchase', pricingMessages.addonFallback),
  pair('Free plan activated successfully!', pricingMessages.freeActivated),
  // VAT
  pair(vatMessages.country, 'Escolha o país em que é faturado (duas letras, como PT).'),
  pair(vatMessages.vatNumberOutsideEu, 'Os números de IVA são para empresas da UE; deixe-o vazio para outro país.'),
  // profiles and posts
  pair(postMessages.postNotFound, 'Publicação não encontrada'),
  pair(postMessages.commentNotFound, 'Comentário não encontrado'),
  pair(postMessages.selfLike, 'Não pode gostar da sua própria publicação'),
  pair(profileMessages.userNotFound, 'Utilizador não encontrado'),
  pair(profileMessages.experienceNotFound, 'Entrada de experiência não encontrada'),
  pair(profileMessages.educationNotFound, 'Entrada de formação não encontrada'),
  pair(profileMessages.skillNotFound, 'Competência não encontrada'),
  pair(profileMessages.skillExists, 'Esta competência já está no seu perfil'),
  pair(
    profileMessages.experienceOrder,
    'ids tem de indicar cada uma das suas entradas de experiência exatamente uma vez',
  ),
  pair(profileMessages.educationOrder, 'ids tem de indicar cada uma das suas entradas de formação exatamente uma vez'),
  pair(profileMessages.skillOrder, 'names tem de indicar cada uma das suas competências exatamente uma vez'),
  pair(profileMessages.selfFollow, 'Não se pode seguir a si próprio'),
  pair(profileMessages.selfConnect, 'Não se pode ligar a si próprio'),
  pair(profileMessages.selfEndorse, 'Não pode recomendar as suas próprias competências'),
  pair(profileMessages.requestNotFound, 'Não há nenhum pedido de ligação deste utilizador'),
  pair(
    profileMessages.avatarType,
    'O avatar tem de ser uma imagem PNG, JPEG ou WebP (Content-Type image/png, image/jpeg ou image/webp)',
  ),
  pair(
    profileMessages.avatarContent,
    'O ficheiro não é uma imagem PNG, JPEG ou WebP que corresponda ao seu Content-Type',
  ),
  pair(profileMessages.avatarTooLarge, 'O avatar pode ter no máximo 2 MiB'),
  pair(profileMessages.avatarNotFound, 'Avatar não encontrado'),
  // events
  pair(eventsMessages.notFound, 'Evento não encontrado'),
  pair(eventsMessages.alreadyRegistered, 'Já está inscrito neste evento'),
  pair(eventsMessages.notRegistered, 'Não está inscrito neste evento'),
  pair(eventsMessages.soldOutError, 'Não restam bilhetes deste tipo'),
  pair(eventsMessages.cancelled, 'Este evento foi cancelado'),
  pair(eventsMessages.past, 'Este evento já se realizou'),
  pair(eventsMessages.notOrganiser, 'Só o organizador pode alterar este evento'),
  // AI security
  pair(aiSecurityMessages.blocked, 'Prompt bloqueado pela AI Security Layer'),
  pair(aiSecurityMessages.offline, 'AI Security Layer indisponível - pedido bloqueado por segurança'),
  // workflows
  pair(workflowMessages.flowNotFound, 'Fluxo não encontrado'),
  pair(workflowMessages.executionNotFound, 'Execução não encontrada'),
  pair(workflowMessages.agentNotFound, 'Agente não encontrado'),
  pair(workflowMessages.documentNotFound, 'Documento não encontrado'),
  pair(workflowMessages.noStart, 'Todos os nós são precedidos por outro: indique o nó inicial (start_node_id)'),
  pair(workflowMessages.notCancellable, 'Esta execução já terminou'),
  pair(
    workflowMessages.tokensExhausted,
    'O seu saldo de tokens esgotou-se: compre tokens na página de preços para executar agentes de modelo',
  ),
  pair(workflowMessages.flowSaveFailed, 'Não foi possível guardar o fluxo'),
  pair(workflowMessages.userNotAuthenticated, 'Utilizador não autenticado'),
  // the router's own refusals
  pair(
    'The URL is not valid: it holds a malformed percent-encoded character',
    'O URL não é válido: contém um carácter codificado em percentagem malformado',
  ),
  pair('A URL parameter is too long', 'Um parâmetro do URL é demasiado longo'),
];

/**
 * Texts with figures: `{0}`, `{1}`… stand for what the throw site put in (numbers, names), carried
 * over as they are. Each English template matches what the contracts' function writes.
 */
export const templateMessages: readonly CatalogueEntry[] = [
  pair('Too many attempts. Try again in 1 second.', 'Demasiadas tentativas. Tente novamente daqui a 1 segundo.'),
  pair('Too many attempts. Try again in {0} seconds.', 'Demasiadas tentativas. Tente novamente daqui a {0} segundos.'),
  pair('Too many attempts. Try again in {0} minutes.', 'Demasiadas tentativas. Tente novamente daqui a {0} minutos.'),
  pair(
    'Your {0} plan allows 1 container. Upgrade your plan on the pricing page to create more.',
    'O seu plano {0} permite 1 contentor. Melhore o seu plano na página de preços para criar mais.',
  ),
  pair(
    'Your {0} plan allows {1} containers. Upgrade your plan on the pricing page to create more.',
    'O seu plano {0} permite {1} contentores. Melhore o seu plano na página de preços para criar mais.',
  ),
  pair(
    'The {0} plan does not include {1} containers. Upgrade your plan on the pricing page.',
    'O plano {0} não inclui contentores {1}. Melhore o seu plano na página de preços.',
  ),
  pair(
    'You have reached the limit of {0} containers. Delete one or contact support to raise it.',
    'Atingiu o limite de {0} contentores. Elimine um ou contacte o suporte para o aumentar.',
  ),
  pair(
    'This would pass your limit of {0} vCPUs ({1} in use). Delete or scale down a container, or contact support to raise it.',
    'Isto ultrapassaria o seu limite de {0} vCPUs ({1} em uso). Elimine ou reduza um contentor, ou contacte o suporte para o aumentar.',
  ),
  pair(
    'This would pass your limit of {0} GB of memory ({1} GB in use). Delete or scale down a container, or contact support to raise it.',
    'Isto ultrapassaria o seu limite de {0} GB de memória ({1} GB em uso). Elimine ou reduza um contentor, ou contacte o suporte para o aumentar.',
  ),
  pair(
    'You have reached the limit of {0} applications. Delete one or contact support to raise it.',
    'Atingiu o limite de {0} aplicações. Elimine uma ou contacte o suporte para o aumentar.',
  ),
  pair(
    'You have reached the limit of {0} active API keys. Revoke one or contact support to raise it.',
    'Atingiu o limite de {0} chaves de API ativas. Revogue uma ou contacte o suporte para o aumentar.',
  ),
  pair(
    'Every seat is taken ({0} including pending invitations); remove a member, revoke an invitation or buy a larger plan',
    'Todos os lugares estão ocupados ({0} incluindo convites pendentes); remova um membro, revogue um convite ou compre um plano maior',
  ),
  pair(
    'This invitation was sent to {0}; sign in with that address (verified) to accept it',
    'Este convite foi enviado para {0}; entre com esse endereço (verificado) para o aceitar',
  ),
  pair('A profile lists at most {0} experience entries', 'Um perfil lista no máximo {0} entradas de experiência'),
  pair('A profile lists at most {0} education entries', 'Um perfil lista no máximo {0} entradas de formação'),
  pair('A profile lists at most {0} skills', 'Um perfil lista no máximo {0} competências'),
  pair('A user may keep at most {0} flows', 'Um utilizador pode guardar no máximo {0} fluxos'),
  pair('Prompts are limited to {0} KB', 'Os prompts estão limitados a {0} KB'),
  pair(
    'The texts of one request are limited to {0} KB in total',
    'Os textos de um pedido estão limitados a {0} KB no total',
  ),
  pair('You already have a container named {0}', 'Já tem um contentor chamado {0}'),
  pair('Another action is still running on {0}', 'Ainda está a decorrer outra ação em {0}'),
  pair('Sign-in with {0} is not configured', 'O início de sessão com {0} não está configurado'),
  pair("Unknown {0} pack '{1}'", "Pacote {0} desconhecido: '{1}'"),
  pair(
    "This is not a VAT number of {0}: it should start {1} and follow that country's format.",
    'Este não é um número de IVA de {0}: deve começar por {1} e seguir o formato desse país.',
  ),
  pair(
    'This is a VAT number of {1}, not of {0}: choose {1} as the country, or enter the {0} number.',
    'Este é um número de IVA de {1}, não de {0}: escolha {1} como país, ou introduza o número de {0}.',
  ),
];

interface CompiledTemplate {
  pattern: RegExp;
  /** The placeholder numbers in the order the pattern captures them. */
  slots: number[];
}

/** The longest text matched against the templates (every catalogue message is far shorter). */
const MAX_TEMPLATE_TEXT = 1000;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(template: string): CompiledTemplate {
  const slots: number[] = [];
  const source = template
    .split(/(\{\d\})/)
    .map((part) => {
      const slot = /^\{(\d)\}$/.exec(part);
      if (!slot) return escape(part);
      slots.push(Number(slot[1]));
      // A figure is short (a name, a limit, a country): bounded, so no text can make matching slow.
      return '(.{1,200}?)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`, 's'), slots };
}

const fill = (template: string, values: Map<number, string>) =>
  template.replace(/\{(\d)\}/g, (whole, n: string) => values.get(Number(n)) ?? whole);

/** Every fixed text, in either language, to its entry. */
const byText = new Map<string, CatalogueEntry>();
for (const entry of fixedMessages) {
  for (const text of [entry.en, entry['pt-PT']]) if (!byText.has(text)) byText.set(text, entry);
}
const compiled = templateMessages.map((entry) => ({
  entry,
  en: compile(entry.en),
  pt: compile(entry['pt-PT']),
}));

/**
 * `text` in `language`: the catalogue's other-language text when it knows it (a fixed text, or a
 * template whose figures are carried over), the text itself otherwise.
 */
export function translateMessage(text: string, language: ServerLanguage): string {
  const fixed = byText.get(text);
  if (fixed) return fixed[language];
  // No message of the catalogue is this long: such a text is passed through, unmatched.
  if (text.length > MAX_TEMPLATE_TEXT) return text;
  for (const { entry, en, pt } of compiled) {
    for (const from of [en, pt]) {
      const match = from.pattern.exec(text);
      if (!match) continue;
      const values = new Map(from.slots.map((slot, i) => [slot, match[i + 1] ?? ''] as const));
      return fill(entry[language], values);
    }
  }
  return text;
}
