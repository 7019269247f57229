import type { Messages } from '@/lib/i18n/messages';
import type { workflows as en } from './en';

/** As en.ts, in European Portuguese. */
export const workflows: Messages<typeof en> = {
  dashboard: {
    title: 'Painel MLM',
    tagline: 'Agentes de IA e orquestração de fluxos',
    loading: 'A carregar o Painel MLM...',
    loadFailed: 'Não foi possível carregar o Painel MLM',
    unknownError: 'Ocorreu um erro desconhecido',
    backendHint: 'Confirme que o serviço MLM está a correr na porta 3030',
    tabList: 'Secções do painel',
    tabs: {
      security: 'Segurança',
    },
  },
  owasp: {
    badge: 'Conforme OWASP',
    title: 'Em que assenta o selo',
    intro:
      'A camada de segurança de IA verifica cada texto dos fluxos contra estes riscos do OWASP Top 10 para aplicações LLM (2025):',
    risks: {
      llm01: {
        name: 'LLM01 Injeção de prompt',
        how: 'substituições de instruções, jailbreaks, papéis falsos e conteúdos codificados são bloqueados antes de um fluxo ser criado ou executado.',
      },
      llm02: {
        name: 'LLM02 Divulgação de informação sensível',
        how: 'segredos nos prompts são bloqueados; segredos e dados pessoais nas respostas dos agentes são ocultados.',
      },
      llm05: {
        name: 'LLM05 Tratamento inadequado de respostas',
        how: 'as respostas são analisadas antes de serem mostradas ou passadas adiante, e mostradas como texto, nunca como HTML.',
      },
      llm07: {
        name: 'LLM07 Fuga do prompt de sistema',
        how: 'tentativas de extrair o prompt de sistema ou os seus segredos são bloqueadas.',
      },
    },
    failClosed: 'Quando a camada não responde, o pedido é bloqueado.',
  },
  units: {
    kilobytes: '{{value}} KB',
  },
  check: {
    title: 'Verificar um prompt',
    description: 'Veja o que a camada de segurança de IA encontra num texto antes de o usar num fluxo.',
    label: 'Prompt',
    placeholder: 'Cole ou escreva um prompt…',
    size: '{{size}} de {{limit}}',
    tooLarge: 'Os prompts estão limitados a {{limit}}: encurte este.',
    submit: 'Verificar prompt',
    checking: 'A verificar…',
    result: 'Resultado',
    safe: 'Seguro',
    safeText: 'Nada neste prompt é bloqueado.',
    reported_one: '{{count}} ocorrência é assinalada, não bloqueada:',
    reported_other: '{{count}} ocorrências são assinaladas, não bloqueadas:',
    blocked: 'Prompt bloqueado pela camada de segurança de IA',
    threatLevel: 'Nível de ameaça: {{level}}',
    findings: 'Ocorrências',
    severity: 'Nível de gravidade: {{severity}}',
    decodedFrom: 'Encontrado depois de descodificar {{encoding}}',
    field: 'Em {{field}}',
    evidence: 'Onde está',
    noEvidence: 'Nenhum ponto concreto do texto: o prompt no seu todo.',
    marked: 'O prompt verificado, com as ocorrências assinaladas',
    markStart: 'ocorrência {{numbers}}:',
    markEnd: 'fim da ocorrência',
    offline: 'Camada de segurança de IA indisponível - pedido bloqueado por segurança',
    failed: 'Não foi possível verificar o prompt: {{reason}}',
  },
  records: {
    title: 'Registos recentes',
    description:
      'Os seus pedidos bloqueados e as respostas de agentes assinaladas dos últimos {{days}} dias, dos mais recentes para os mais antigos.',
    list: 'Registos recentes',
    empty: 'Nada foi bloqueado nem assinalado nos últimos {{days}} dias.',
    shown: 'Os {{shown}} mais recentes de {{total}}.',
    total_one: '{{n}} registo em {{days}} dias',
    total_other: '{{n}} registos em {{days}} dias',
    source: 'Origem',
    types: 'Tipos',
    excerpt: 'Excerto',
    hash: 'SHA-256',
    hashTitle: 'SHA-256 do texto: {{hash}}',
  },
  chart: {
    title: 'Bloqueados e assinalados por dia',
    range: 'últimos {{days}} dias',
    heading: '{{title}}, {{range}}',
    summary:
      '{{title}}, {{range}}: {{blocked}} bloqueados e {{flagged}} assinalados no total; dia com mais registos {{day}}, com {{busiest}}',
    none: '{{title}}, {{range}}: nada bloqueado nem assinalado',
    day: 'Dia',
    table: 'Números diários',
  },
  byType: {
    title: 'Por tipo',
    list: 'Registos por tipo',
    empty: 'Ainda não há tipos a contar.',
  },
  names: {
    types: {
      instruction_override: 'Substituição de instruções',
      jailbreak_roleplay: 'Jailbreak por encenação',
      system_prompt_extraction: 'Extração do prompt de sistema',
      delimiter_injection: 'Papéis ou delimitadores falsos',
      data_exfiltration: 'Exfiltração de dados',
      secret: 'Segredo (chave, token ou palavra-passe)',
      personal_data: 'Dados pessoais',
      prompt_injection_classifier: 'Provável injeção de prompt (classificador)',
      security_layer_offline: 'Camada de segurança indisponível',
    },
    levels: {
      none: 'Nenhum',
      low: 'Baixo',
      medium: 'Médio',
      high: 'Alto',
      critical: 'Crítico',
    },
    sources: {
      validatePrompt: 'Verificação de prompt',
      flowCreate: 'Criação de fluxo',
      flowExecute: 'Execução de fluxo',
      chatMessage: 'Mensagem ao assistente',
      agentOutput: 'Resposta de agente',
    },
    outcomes: {
      blocked: 'Bloqueado',
      offline: 'Bloqueado: camada indisponível',
      flagged: 'Assinalado',
    },
    encodings: {
      base64: 'Base64',
      hex: 'hexadecimal',
      rot13: 'ROT13',
      url: 'codificação URL',
    },
  },
};
