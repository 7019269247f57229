/**
 * The rule families: phrases of instruction override, persona jailbreaks, system prompt extraction,
 * delimiter injection and data exfiltration (matched on the folded text, English and European
 * Portuguese, with the commonest Spanish, French and German overrides), and secrets and personal
 * data (matched on the text itself). Every pattern is bounded: gaps between words are a few words of
 * at most 40 characters, so no input makes a pattern backtrack far.
 */
import type { Severity, Violation, ViolationType } from '@nuvem/contracts/ai-security';
import { sourceSpan, type TextVariant } from './normalise.js';

/** What a rule found, with its span in the text as sent. */
export interface Finding {
  type: ViolationType;
  severity: Severity;
  message: string;
  start: number;
  end: number;
  decodedFrom?: string;
  /** For secrets and personal data: what it is (the redaction label), and its text is masked. */
  kind?: string;
}

interface PhraseRule {
  type: ViolationType;
  severity: Severity;
  message: string;
  /**
   * What every match contains: whole words of the folded text (one of them), or a test of the text.
   * A rule whose trigger is absent is not run: most prompts skip most rules.
   */
  triggers: readonly string[] | ((text: string) => boolean);
  pattern: RegExp;
  /** A second look at the match: a severity, or null to drop it. */
  check?: (match: RegExpExecArray, text: string) => Severity | null;
}

/** Up to `n` words (of at most 40 characters) between two parts of a phrase. */
const gap = (n: number) => `(?:[^\\s.!?;:]{1,40}[ \\n]){0,${String(n)}}`;
/** As `gap`, but a word of the user's own ("my", "meu", "minha") ends it: "ignore my last message". */
const gapNotMine = (n: number) => `(?:(?!(?:my|meu|minha|meus|minhas)\\b)[^\\s.!?;:]{1,40}[ \\n]){0,${String(n)}}`;
const re = (source: string) => new RegExp(source, 'g');
const words = (list: string) => list.split(' ');
const alt = (words: string[]) => `(?:${words.join('|')})`;

// ---- Instruction override --------------------------------------------------------------------------

const EN_OVERRIDE_VERBS = alt([
  'never ?mind',
  'ignore',
  'ignoring',
  'disregard',
  'disregarding',
  'forget',
  'forgetting',
  'bypass',
  'override',
  'overriding',
  'overlook',
  'neglect',
  'discard',
  'abandon',
  'dismiss',
  'nullify',
  'scrap',
  'set aside',
  'put aside',
  'throw out',
  'throw away',
  'pay no attention to',
  "(?:do not|don't|dont|never|no longer) (?:follow|obey|listen to|adhere to|heed|comply with)",
  'stop (?:following|obeying|listening to)',
]);
const EN_EARLIER = alt([
  'previous',
  'previously',
  'prior',
  'above',
  'earlier',
  'preceding',
  'precedent',
  'former',
  'foregoing',
  'old',
  'older',
  'original',
  'initial',
  'past',
  'existing',
  'default',
  'preset',
  'pre-set',
  'system',
  'developer',
  'given',
  'all',
  'any',
  'other',
]);
const EN_DIRECTIVES = alt([
  'instructions?',
  'directives?',
  'directions',
  'rules',
  'prompts?',
  'guidelines',
  'commands',
  'orders',
  'context',
  'constraints',
  'restrictions',
  'programming',
  'training',
  'guidance',
  'polic(?:y|ies)',
  'limitations',
  'safeguards',
  'filters',
  'conversations?',
  'messages',
]);

const PT_OVERRIDE_VERBS = alt([
  'ignora',
  'ignore',
  'ignorem',
  'ignorar',
  'esquece',
  'esqueca',
  'esquecam',
  'esquecer',
  'despreza',
  'despreze',
  'desprezar',
  'desconsidera',
  'desconsidere',
  'desconsiderar',
  'descarta',
  'descarte',
  'descartar',
  'anula',
  'anule',
  'anular',
  'passa por cima d[aeo]s?',
  'nao (?:sigas|siga|sigam|seguir|obedecas|obedeca|obedecam|obedecer|ligues|ligue|liguem) (?:a|as|aos|os)?',
  '(?:deixa|deixe|para|pare) de (?:seguir|obedecer|cumprir)(?: a| as| aos| os)?',
]);
const PT_DIRECTIVES = alt([
  'instrucoes',
  'instrucao',
  'regras',
  'ordens',
  'indicacoes',
  'diretrizes',
  'directrizes',
  'diretivas',
  'directivas',
  'orientacoes',
  'comandos',
  'prompts?',
  'restricoes',
  'limitacoes',
  'politicas',
  'programacao',
  'mensagens',
]);
const PT_EARLIER = alt([
  'anteriores',
  'anterior',
  'acima',
  'previas',
  'previos',
  'precedentes',
  'iniciais',
  'originais',
  'antigas',
  'antigos',
  'de antes',
  'ate agora',
  'ate aqui',
  'do sistema',
  'de sistema',
  'dadas',
  'recebidas',
  'que (?:te |lhe )?(?:foram|deram|dei|demos)',
]);

const EN_DIRECTIVE_WORDS = words(
  'instruction instructions directive directives directions rules prompt prompts guidelines commands orders context ' +
    'constraints restrictions programming training guidance policy policies limitations safeguards filters ' +
    'conversation conversations messages',
);
const EN_VERB_WORDS = words(
  'nevermind mind ignore ignoring disregard disregarding forget forgetting bypass override overriding overlook neglect discard ' +
    'abandon dismiss nullify scrap aside throw attention follow obey listen adhere heed comply following obeying listening',
);
const PT_DIRECTIVE_WORDS = words(
  'instrucoes instrucao regras ordens indicacoes diretrizes directrizes diretivas directivas orientacoes comandos ' +
    'prompt prompts restricoes limitacoes politicas programacao mensagens',
);

/**
 * A software tool as the subject of the verb ("my ESLint config should ignore the previous rules",
 * "make git ignore", "tell Prettier to ignore"): a question about software, not an order to the model.
 */
const TOOL_SUBJECT = new RegExp(
  `\\b(?:config|configs|configuration|eslint|eslintrc|linter|prettier|stylelint|tsconfig|compiler|tsc|babel|webpack|vite|rollup|jest|vitest|mocha|pytest|git|gitignore|dockerignore|docker|npm|yarn|pnpm|parser|formatter|plugin|preset|ide|editor|vscode|css|stylesheet|selector|media query|regex|pipeline|ci|cron|firewall|nginx|subclass|renovate|dependabot|terraform|ansible|kubectl|helm)` +
    `(?: file| files| config| rule| rules| job)? (?:(?:should|shall|must|will|would|can|could|may|might|to|does|do|needs to|has to|always|also|still|just|not|only) ){0,3}$`,
);

/** 'low' when a tool, not the model, is told to ignore something; else `severity`. */
function unlessAboutTools(severity: Severity) {
  return (match: RegExpExecArray, text: string): Severity => {
    const before = text.slice(Math.max(0, match.index - 80), match.index);
    const sentence = before.slice(
      Math.max(before.lastIndexOf('.'), before.lastIndexOf('?'), before.lastIndexOf('!'), before.lastIndexOf('\n')) + 1,
    );
    return TOOL_SUBJECT.test(sentence) ? 'low' : severity;
  };
}

/** The user taking back their own words ("forget what I said before") is no override. */
const OWN_WORDS =
  /\b(?:i (?:said|wrote|asked|mentioned|meant|typed|sent|told you)|i've (?:said|written|asked)|my (?:last |previous |earlier )?(?:message|question|request|answer|reply|note))\b/;

const override: PhraseRule[] = [
  {
    type: 'instruction_override',
    severity: 'high',
    message: 'Asks to ignore the earlier instructions',
    triggers: EN_DIRECTIVE_WORDS,
    pattern: re(`\\b${EN_OVERRIDE_VERBS} ${gapNotMine(4)}${EN_EARLIER}\\b ?${gap(2)}${EN_DIRECTIVES}\\b`),
    check: unlessAboutTools('high'),
  },
  {
    type: 'instruction_override',
    severity: 'high',
    message: 'Asks to ignore everything said before',
    triggers: EN_VERB_WORDS,
    pattern: re(
      `\\b${EN_OVERRIDE_VERBS} ${gap(2)}(?:everything|anything|all|whatever|all that|what) ${gap(3)}` +
        `(?:above|before|previously|so far|until now|up to now|earlier|you (?:were|have been|'ve been) (?:told|given|taught)|you know|you've learned|you learned|i (?:said|told you)|(?:was|been) said)\\b`,
    ),
    check: (match, text) => (OWN_WORDS.test(match[0]) ? null : unlessAboutTools('high')(match, text)),
  },
  {
    type: 'instruction_override',
    severity: 'high',
    message: 'Asks to ignore the text above and say something else',
    triggers: EN_VERB_WORDS,
    pattern: re(
      `\\b${EN_OVERRIDE_VERBS} (?:all of |everything in )?(?:the |all )?(?:above|previous|preceding|foregoing|prior|earlier)` +
        `(?: (?:text|message|input|prompt|content|sentences?|paragraphs?|lines?|words))?(?: and| then|,|\\.|;|:)? ?(?:\\n ?)?` +
        `(?:instead |just |only |simply |now )?(?:say|print|output|respond|reply|write|answer|return|tell|translate|repeat|type)\\b`,
    ),
  },
  {
    type: 'instruction_override',
    severity: 'high',
    message: 'Asks to ignore its own instructions',
    triggers: EN_VERB_WORDS,
    pattern: re(
      `\\b${EN_OVERRIDE_VERBS} ${gap(1)}(?:all )?(?:of )?your (?:own )?${gap(2)}` +
        `(?:instructions?|directives|rules|guidelines|programming|training|restrictions|filters|polic(?:y|ies)|prompt|system prompt|safeguards|constraints|principles|ethics)\\b`,
    ),
  },
  {
    type: 'instruction_override',
    severity: 'high',
    message: 'Says the earlier instructions no longer hold',
    triggers: words('instruction instructions rules prompt directive directives guidelines'),
    pattern: re(
      `\\b(?:previous|prior|above|old|earlier|original|initial|out of date|outdated|former|preceding|system) ` +
        `(?:instructions?|rules|prompt|directives|guidelines) (?:are|is|were|have been|has been) (?:now |hereby |all )?` +
        `(?:void|null|invalid|cancell?ed|obsolete|outdated|out of date|revoked|suspended|lifted|overridden|replaced|deprecated|no longer (?:valid|apply|applicable|in effect|relevant))\\b` +
        `|\\bend (?:of )?(?:the )?(?:out of date|outdated|old|previous|obsolete) (?:instructions|rules|prompt)\\b`,
    ),
  },
  {
    type: 'instruction_override',
    severity: 'high',
    message: 'Replaces the system instructions',
    triggers: words('override overwrite replace supersede reset rewrite update'),
    pattern: re(
      `\\b(?:override|overwrite|replace|supersede|reset|rewrite|update) ${gap(1)}(?:your|the|all|any) ` +
        `(?:previous |prior |system |original |current |existing |initial |core )?` +
        `(?:instructions|rules|programming|directives|guidelines|system prompt|prompt|safety settings|safety guidelines)\\b`,
    ),
    check: (match) => (/\b(?:your|system|previous|prior|original|initial|core)\b/.test(match[0]) ? 'high' : null),
  },
  {
    type: 'instruction_override',
    severity: 'medium',
    message: 'Announces new instructions',
    triggers: words('instructions rules directives task prompt objective'),
    pattern: re(
      `\\b(?:your|the) (?:new|updated|real|actual|true) (?:system )?(?:instructions|rules|directives|task|prompt|objective) (?:are|is)\\b` +
        `|\\bnew (?:system )?(?:instructions|rules|directives) ?:`,
    ),
  },
  {
    type: 'instruction_override',
    severity: 'medium',
    message: 'Claims that authorisation was already given',
    triggers: words(
      'password code passphrase passcode pin credentials key authentication authorisation authorization verification',
    ),
    pattern: re(
      `\\b(?:correct|right|valid|proper) (?:password|access code|passphrase|passcode|pass code|pin|credentials|code|key) (?:has been |have been |was |were |is |are |had been )?(?:(?:successfully|already|now) )?(?:entered|input|inputted|provided|given|supplied|received|registered|found|verified|accepted|detected)\\b` +
        `|\\b(?:authentication|authori[sz]ation|verification) (?:has been |was |is )?(?:successful|completed|passed|granted|bypassed)\\b`,
    ),
  },
  {
    type: 'instruction_override',
    severity: 'high',
    message: 'Pede para ignorar as instruções anteriores',
    triggers: PT_DIRECTIVE_WORDS,
    pattern: re(
      `\\b${PT_OVERRIDE_VERBS} ?${gapNotMine(3)}${PT_DIRECTIVES}\\b ?${gap(2)}${PT_EARLIER}\\b` +
        `|\\b${PT_OVERRIDE_VERBS} ?${gap(1)}(?:todas as |todos os )?(?:as tuas|os teus|as suas|os seus|tuas|teus) ${gap(1)}${PT_DIRECTIVES}\\b`,
    ),
  },
  {
    type: 'instruction_override',
    severity: 'high',
    message: 'Pede para ignorar tudo o que foi dito antes',
    triggers: words('tudo todo toda todas todos'),
    pattern: re(
      `\\b${PT_OVERRIDE_VERBS} ?${gap(1)}(?:tudo|todo|todas?|todos?)\\b ?${gap(4)}` +
        `(?:antes|acima|anteriormente|ate agora|ate aqui|dito|disse|disseste|disseram|escrito|pedido|mandaram|ensinaram|sabes|sabe)\\b`,
    ),
  },
  {
    type: 'instruction_override',
    severity: 'high',
    message: 'Asks to ignore the earlier instructions (Spanish, French or German)',
    triggers: words(
      'instrucciones indicaciones reglas ordenes instructions consignes regles directives anweisungen instruktionen befehle regeln vorgaben anordnungen alles',
    ),
    pattern: re(
      `\\b(?:ignora|ignore|ignorad|olvida|olvide|olvidate de|descarta|omite|oublie|oubliez|ignorez)\\b ?${gap(3)}` +
        `(?:instrucciones|indicaciones|reglas|ordenes|instructions|consignes|regles|directives)\\b ?${gap(1)}` +
        `(?:anteriores|previas|precedentes|precedentes|anterieures|ci-dessus|d'avant)\\b` +
        `|\\b(?:ignoriere|ignorier|ignorieren sie|vergiss|vergessen sie|missachte|missachten sie)\\b ?${gap(4)}` +
        `(?:anweisungen|instruktionen|befehle|regeln|vorgaben|anordnungen|alles)\\b`,
    ),
  },
];

// ---- Persona jailbreaks ----------------------------------------------------------------------------

const LIMITS = alt([
  'restrictions',
  'restriction',
  'filters',
  'filtering',
  'guidelines',
  'limitations',
  'limits',
  'constraints',
  'boundaries',
  'bounds',
  'polic(?:y|ies)',
  'rules',
  'principles',
  'standards',
  'confines',
  'censorship',
  'safeguards',
  'morals',
  'morality',
  'ethics',
  'guardrails',
]);
const QUALIFIER = alt([
  'ethical',
  'moral',
  'content',
  'safety',
  'openai',
  "openai's",
  'chatgpt',
  "chatgpt's",
  'anthropic',
  "anthropic's",
  'ai',
  'usual',
  'typical',
  'normal',
  'programmed',
  'programming',
  'built-in',
  'default',
  'legal',
  'usage',
  'censorship',
]);
const UNBOUND = alt([
  'unfiltered',
  'uncensored',
  'unrestricted',
  'unbound',
  'unbounded',
  'amoral',
  'jailbroken',
  'jailbreak',
  'lawless',
  'unmoderated',
  'unchained',
  'unlimited',
  'unaligned',
  'without (?:any )?(?:filters|restrictions|limits|censorship|rules|guidelines|morals|ethics|boundaries)',
]);

const LIMIT_WORDS = words(
  'restrictions restriction filters filtering guidelines limitations limits constraints boundaries bounds policy ' +
    'policies rules principles standards confines censorship safeguards morals morality ethics guardrails',
);

const jailbreak: PhraseRule[] = [
  {
    type: 'jailbreak_roleplay',
    severity: 'high',
    message: 'Names a known jailbreak persona (DAN and kin)',
    triggers: words(
      'anything dan strive machiavellian betterdan better antidan anti confidant evilconfidant evil dude stan mongo jailbreak jailbroken god',
    ),
    pattern: re(
      `\\bdo anything now\\b|\\bdan mode\\b|\\bdan \\d+(?:\\.\\d+)?\\b|\\bstrive to avoid norms\\b|\\balways intelligent and machiavellian\\b` +
        `|\\b(?:better ?dan|anti-?dan|evil ?confidant|dude mode|stan mode|mongo tom|jailbreak mode|jailbroken mode|god mode enabled)\\b`,
    ),
  },
  {
    type: 'jailbreak_roleplay',
    severity: 'high',
    message: 'Asks for a "developer mode" without safeguards',
    triggers: words('developer'),
    pattern: re(
      `\\b(?:chatgpt|gpt|ai|assistant|model|bot|you|yourself|claude|llm) (?:with|in) developer mode\\b` +
        `|\\bdeveloper mode (?:enabled|output|response|activated)\\b` +
        `|\\b(?:act|acting|pretend|simulate|respond|answer) (?:as|like) ${gap(4)}(?:in )?developer mode\\b`,
    ),
  },
  {
    type: 'jailbreak_roleplay',
    severity: 'high',
    message: 'Casts the model as an unrestricted AI',
    triggers: words(
      'unfiltered uncensored unrestricted unbound unbounded amoral jailbroken jailbreak lawless unmoderated unchained unlimited unaligned without',
    ),
    pattern: re(
      `\\b(?:you are|you're|youre|you will be|you'll be|act as|acting as|become|pretend to be|pretend you are|simulate|roleplay as|role-play as|play the role of|from now on you are|you are now|you will act as|behave as|respond as)\\b ${gap(4)}${UNBOUND}\\b`,
    ),
  },
  {
    type: 'jailbreak_roleplay',
    severity: 'high',
    message: 'Asks the model to drop its safety rules',
    triggers: LIMIT_WORDS,
    pattern: re(
      `\\b(?:no|without|free (?:of|from)|freed from|not bound by|not restricted by|unbound by|no longer bound by|isn't bound by|is not bound by|aren't bound by|are not bound by|doesn't have|does not have|don't have|do not have|doesn't (?:follow|abide by|adhere to|care about|comply with)|does not (?:follow|abide by|adhere to|care about|comply with)|don't (?:follow|abide by|adhere to|care about)|do not (?:follow|abide by|adhere to|care about)|ignores?|bypass(?:es|ing)?|violates?|breaks? free (?:of|from)|broken free (?:of|from)|break (?:out|free) (?:of|from))\\b ` +
        `${gap(2)}(?:(?:any|all|the|its|their|his|her|your) )?(?:(?:of )?(?:the|its|their|your) )?${QUALIFIER}\\b ?${gap(2)}${LIMITS}\\b`,
    ),
  },
  {
    type: 'jailbreak_roleplay',
    severity: 'high',
    message: 'Says the model has no restrictions',
    triggers: LIMIT_WORDS,
    pattern: re(
      `\\b(?:you|ai|model|chatbot|assistant|bot|chatgpt|gpt|llm)\\b ${gap(2)}(?:has|have|with|holds?) (?:no|zero|not any) ${gap(2)}${LIMITS}\\b`,
    ),
  },
  {
    type: 'jailbreak_roleplay',
    severity: 'high',
    message: 'Asks for answers however harmful',
    triggers: words('regardless matter irrespective'),
    pattern: re(
      `\\b(?:regardless of|no matter|irrespective of) (?:how |whether it(?:'s| is) )?(?:unethical|illegal|immoral|dangerous|harmful|inappropriate|offensive|explicit|reckless|inhumane)\\b`,
    ),
  },
  {
    type: 'jailbreak_roleplay',
    severity: 'medium',
    message: 'Forbids the model to refuse',
    triggers: words('refuse refuses decline reject'),
    pattern: re(
      `\\b(?:never|not|won't|will not|cannot|can't|must not|mustn't|shall not|should not|shouldn't) (?:ever )?(?:refuse|decline|reject) ` +
        `(?:any |a |to |my |the user's |users' )?(?:request|question|prompt|answer|respond|reply|order|command|instruction|anything|to do anything)` +
        `|\\b(?:never|don't ever|do not ever) refuses?\\b(?= ?(?:[.,;!\\n]|$|and\\b|or\\b))`,
    ),
  },
  {
    type: 'jailbreak_roleplay',
    severity: 'medium',
    message: 'Asks for answers without moral caveats',
    triggers: words(
      'moralizing moralising censorship lecture lectures warning warnings disclaimer disclaimers consideration considerations judgment judgments judgement judgements concerns qualms policing',
    ),
    pattern: re(
      `\\b(?:without|no|zero) (?:any )?(?:(?:moral|ethical|legal) (?:lectures?|warnings?|disclaimers?|considerations?|judge?ments?|concerns|qualms|policing)|moralizing|moralising|censorship)\\b`,
    ),
  },
  {
    type: 'jailbreak_roleplay',
    severity: 'medium',
    message: 'Describes a persona freed from all rules',
    triggers: [...LIMIT_WORDS, ...words('care cares worry worries')],
    pattern: re(
      `\\b(?:not bound by|not restricted by|unbound by|no longer bound by|isn't bound by|is not bound by|aren't bound by|are not bound by)\\b ${gap(2)}(?:(?:any|all|the|its|their|his|her|your) )?${LIMITS}\\b` +
        `|\\b(?:free (?:of|from)|freed from|broken free (?:of|from)|breaks? free (?:of|from)|released from|liberated from) (?:all|any) (?:of )?(?:the |its |their |your )?${LIMITS}\\b` +
        `|\\b(?:does not|doesn't|don't|do not|never|won't|will not) (?:care|cares|worry|worries) (?:about|for) (?:the )?(?:ethics|ethicality|morals|morality|legality|laws?|consequences|safety|guidelines|rules|polic(?:y|ies)|being (?:ethical|moral|legal|safe|appropriate))\\b`,
    ),
  },
  {
    type: 'jailbreak_roleplay',
    severity: 'medium',
    message: 'Asks for a second, unrestricted answer beside the normal one',
    triggers: words('chatgpt gpt openai jailbreak jailbroken unfiltered uncensored'),
    pattern: re(
      `\\b(?:two|2|three|3|both) (?:different |separate |distinct |alternate ){0,2}(?:ways|styles|personas|personalities|responses|answers|modes|characters|outputs)\\b[^]{0,300}?\\b(?:chatgpt|gpt|openai|jailbr(?:eak|oken)|unfiltered|uncensored)\\b`,
    ),
  },
  {
    type: 'jailbreak_roleplay',
    severity: 'medium',
    message: 'Uses a late relative as a pretext (the "grandma" jailbreak)',
    triggers: words('deceased late dead departed passed'),
    pattern: re(
      `\\b(?:act|pretend|roleplay|role-play|play|behave|speak)(?: as| to be| like)? my (?:deceased|late|dead|departed|passed away) (?:grandmother|grandma|granny|nana|grandfather|grandpa|mother|mom|mum|father|dad)\\b`,
    ),
  },
  {
    type: 'jailbreak_roleplay',
    severity: 'high',
    message: 'Asks for an unrestricted alter ego of the model',
    triggers: words('mode version twin side counterpart persona'),
    pattern: re(
      `\\b(?:opposite|evil|dark|unfiltered|uncensored|jailbroken|unrestricted|shadow|alter ego) (?:mode|version|twin|side|counterpart|persona) of (?:chatgpt|yourself|you|the ai|gpt|the assistant|claude|the model)\\b`,
    ),
  },
  {
    type: 'jailbreak_roleplay',
    severity: 'high',
    message: 'Apresenta o modelo como uma IA sem restrições',
    triggers: words('sem censurado censurada livre modo'),
    pattern: re(
      `\\b(?:es|e|sera|seras|agora es|passas a ser|passa a ser|vais ser|finge que es|finge ser|age como|aja como|atua como|actua como|comporta-te como|faz de conta que es)\\b ${gap(4)}` +
        `(?:sem (?:quaisquer |qualquer |nenhumas? |nenhuns? )?(?:restricoes|filtros|censura|limites|regras|etica|moral)|nao censurad[oa]|livre de (?:quaisquer |todas as )?(?:restricoes|regras|filtros))\\b` +
        `|\\b(?:ia|assistente|modelo|chatbot|chatgpt|bot) ${gap(1)}(?:com|em) (?:o )?modo (?:de )?(?:desenvolvedor|programador|dan|deus)\\b` +
        `|\\bmodo (?:dan|sem restricoes|sem filtros|sem censura)\\b`,
    ),
  },
  {
    type: 'jailbreak_roleplay',
    severity: 'high',
    message: 'Diz que o modelo não tem restrições',
    triggers: words('tens tem ter ilegal antietico imoral perigoso prejudicial ofensivo'),
    pattern: re(
      `\\b(?:nao tens|nao tem|ja nao tens|ja nao tem|deixaste de ter|deixou de ter) (?:quaisquer |nenhumas? |mais |nenhuns? )?(?:restricoes|regras|filtros|limites|diretrizes|directrizes|principios eticos)\\b` +
        `|\\b(?:independentemente de|por mais que seja|mesmo que seja) (?:quao )?(?:ilegal|antietico|imoral|perigoso|prejudicial|ofensivo)\\b`,
    ),
  },
];

// ---- System prompt extraction ---------------------------------------------------------------------

const EN_REVEAL = alt([
  'repeat',
  'print',
  'output',
  'display',
  'show',
  'reveal',
  'disclose',
  'tell',
  'give',
  'share',
  'list',
  'write',
  'provide',
  'leak',
  'dump',
  'return',
  'spell',
  'recite',
  'echo',
  'summari[sz]e',
  'paraphrase',
  'translate',
  'convert',
  'rewrite',
  'encode',
  'copy',
  'type out',
  'state',
  'describe',
  'explain',
  'read back',
  'format',
  'rephrase',
  'reword',
  'what (?:is|are|was|were)',
  "what's",
  'whats',
]);
const PROMPT_OBJECTS = alt([
  'system prompt',
  'system message',
  'prompt',
  'pre-?prompt',
  'initial prompt',
  'instructions?',
  'directives',
  'guidelines',
  'rules',
  'configuration',
  'programming',
  'context window',
  'hidden prompt',
  'secret instructions',
  'system instructions',
  'initiali[sz]ation',
]);
const SECRET_NOUNS = alt([
  'password',
  'passcode',
  'passphrase',
  'pass code',
  'pass phrase',
  'access code',
  'secret (?:word|key|code|phrase|password)',
  'security code',
  'safe ?word',
  'code ?word',
  'pin code',
]);
const NOT_A_REQUEST_FOR_IT = `(?! (?:reset|requirements?|polic(?:y|ies)|manager|strength|rules|field|hash|hashing|validation|form|recovery|change|expir(?:y|ed|ation)|complexity|length|generator|protected|prompt)\\b)`;

/** "How do I show the password field?" is a question about software, not a request for a secret. */
const HOW_TO = /\bhow (?:do|can|could|would|should|to|does|did)\b[^.?!\n]{0,40}$/;
const notHowTo =
  (severity: Severity) =>
  (match: RegExpExecArray, text: string): Severity | null =>
    HOW_TO.test(text.slice(Math.max(0, match.index - 60), match.index)) ? null : severity;

const PROMPT_OBJECT_WORDS = words(
  'prompt preprompt instruction instructions directives guidelines rules configuration programming context ' +
    'initialization initialisation message',
);
const SECRET_WORDS = words('password passcode passphrase pass code secret word safeword codeword pin');

const extraction: PhraseRule[] = [
  {
    type: 'system_prompt_extraction',
    severity: 'high',
    message: 'Asks for its system prompt or instructions',
    triggers: PROMPT_OBJECT_WORDS,
    pattern: re(
      `\\b${EN_REVEAL}\\b ${gap(3)}(?:all |all of )?your (?!own\\b)${gap(2)}${PROMPT_OBJECTS}\\b` +
        `|\\b(?:your|the) (?:system prompt|initial prompt|system instructions|hidden prompt|pre-?prompt)\\b`,
    ),
    check: (match) => {
      // "your system prompt" on its own is a question; "the system prompt" needs a verb before it.
      if (/^(?:your|the) /.test(match[0])) return /^your/.test(match[0]) ? 'medium' : null;
      return /^(?:what|tell|describe|explain|summari)/.test(match[0]) ? 'medium' : 'high';
    },
  },
  {
    type: 'system_prompt_extraction',
    severity: 'high',
    message: 'Asks for the instructions given before',
    triggers: PROMPT_OBJECT_WORDS,
    pattern: re(
      `\\b${EN_REVEAL}\\b ${gap(3)}(?:the |all (?:of )?(?:the )?|any |every )?` +
        `(?:system|initial|original|hidden|secret|internal|developer|above|previous|preceding|prior|earlier|first|full|entire|complete|exact|verbatim|confidential) ` +
        `${gap(1)}(?:prompt|instructions?|directives|guidelines|rules|system message|configuration)\\b`,
    ),
    // "What is a system prompt?" asks what the term means, not for this model's prompt.
    check: (match, text) =>
      /^(?:what|whats|what's)\b/.test(match[0]) && !/\b(?:your|the|all)\b/.test(match[0])
        ? null
        : notHowTo('high')(match, text),
  },
  {
    type: 'system_prompt_extraction',
    severity: 'high',
    message: 'Asks to repeat the text above',
    triggers: [
      ...PROMPT_OBJECT_WORDS,
      ...words('words text everything content tokens lines messages message sentences conditions'),
    ],
    pattern: re(
      `\\b(?:repeat|print|output|echo|recite|dump|leak|reveal|return|spit out|copy|write out|type out)\\b ${gap(2)}(?:the |all (?:of )?(?:the )?)?` +
        `(?:words|text|everything|content|tokens|lines|messages?|sentences) ` +
        `(?:above|before this|before that|so far|preceding|prior|written above|from the (?:beginning|start)|up to (?:this|here|now)|verbatim)\\b` +
        `|\\b(?:instructions|prompt|directives|rules|text|everything) (?:so far|above this (?:line|point)|before this (?:line|point)|received so far|given so far|you (?:were|have been) given)\\b` +
        `|\\b${EN_REVEAL}\\b ${gap(2)}(?:the |all (?:of )?(?:the )?|your )?(?:instructions|prompt|directives|rules|guidelines|conditions) (?:above|before|prior|received|given to you|you (?:were|have been) given)\\b`,
    ),
  },
  {
    type: 'system_prompt_extraction',
    severity: 'medium',
    message: 'Asks for the password or access code',
    triggers: SECRET_WORDS,
    pattern: re(
      `\\b(?:${EN_REVEAL}|say|guess|hint at|include|append|insert|embed|add)\\b (?:(?:me|us|him|her|them|to me|to us) )?(?:(?:the|your|its|any|this|that) )?(?:(?:secret|hidden|correct|current|real|actual|right) )?${SECRET_NOUNS}\\b${NOT_A_REQUEST_FOR_IT}`,
    ),
    check: notHowTo('medium'),
  },
  {
    type: 'system_prompt_extraction',
    severity: 'high',
    message: 'Asks for the password in a disguised form',
    triggers: SECRET_WORDS,
    pattern: re(
      `\\b${SECRET_NOUNS}\\b ${gap(6)}(?:backwards|in reverse|reversed|letter by letter|character by character|one (?:letter|character) at a time|separated by|as an acrostic|in base64|in hex|in morse|with spaces between|spelled out)\\b`,
    ),
  },
  {
    type: 'system_prompt_extraction',
    severity: 'high',
    message: 'Pede o prompt de sistema ou as instruções',
    triggers: words(
      'prompt instrucoes regras diretrizes directrizes mensagem configuracao programacao palavras texto tudo',
    ),
    pattern: re(
      `\\b(?:qual e|quais sao|diz-me|diz me|diga-me|diga me|mostra|mostre|mostra-me|mostre-me|revela|revele|repete|repita|imprime|imprima|escreve|escreva|lista|copia|traduz|resume|resuma|partilha|da-me|de-me)\\b ${gap(2)}` +
        `(?:(?:o teu|a tua|as tuas|os teus|o seu|a sua|as suas|os seus|tuas|teus) ${gap(1)}(?:prompt|instrucoes|regras|diretrizes|directrizes|mensagem de sistema|configuracao|programacao)` +
        `|(?:o|a|as|os|todas as) (?:prompt|instrucoes|regras|diretrizes|directrizes|mensagem) (?:de sistema|do sistema|iniciais|originais|ocultas|secretas|anteriores|acima|internas))\\b` +
        `|\\b(?:repete|repita|imprime|imprima|escreve|escreva|copia) ${gap(2)}(?:as palavras|o texto|tudo|todo o texto) (?:acima|anterior(?:es)?|ate agora|antes)\\b`,
    ),
  },
  {
    type: 'system_prompt_extraction',
    severity: 'medium',
    message: 'Pede a palavra-passe ou o código de acesso',
    triggers: words('palavra passe senha password codigo secreta'),
    pattern: re(
      `\\b(?:qual e|diz-me|diz me|diga-me|revela|revele|mostra|mostre|da-me|de-me|escreve|soletra)\\b ${gap(2)}(?:a |o )?(?:palavra-passe|palavra passe|senha|password|codigo de acesso|codigo secreto|palavra secreta)\\b`,
    ),
  },
];

// ---- Delimiter and fake-role injection ---------------------------------------------------------------

const INSTRUCTION_WORDS =
  /\b(?:you|your|ignore|new|now|from now|always|never|do not|don't|respond|reply|answer|say|print|must|instructions?|rules|assistant|access|grant)\b/;

const ROLE_NAME =
  '(?:system|developer|admin|administrator|root|sudo)(?: (?:message|prompt|instructions?|override|note|update|command|notice))?';

const delimiter: PhraseRule[] = [
  {
    type: 'delimiter_injection',
    severity: 'high',
    message: 'Contains a chat-template control token',
    triggers: (text) =>
      text.includes('<|') || text.includes('inst]') || text.includes('sys>>') || text.includes('_of_turn>'),
    // A question about a token ("what does <|endoftext|> mean?") mentions it rather than uses it.
    check: (match, text) => {
      const lineEnd = text.indexOf('\n', match.index);
      const rest = text.slice(match.index + match[0].length, lineEnd < 0 ? text.length : lineEnd);
      const lineStart = text.lastIndexOf('\n', match.index) + 1;
      const inline = text.slice(lineStart, match.index).trim().length > 0;
      return inline && /\?\s*$/.test(rest) && !/^\s*(?:system|user|assistant)\b/.test(rest) ? 'low' : 'high';
    },
    pattern: re(
      `<\\|(?:im_start|im_end|im_sep|endoftext|end_of_text|begin_of_text|start_header_id|end_header_id|eot_id|eom_id|system|user|assistant|endofprompt|fim_prefix|fim_suffix|fim_middle)\\|>` +
        `|\\[/?inst\\]|<</?sys>>|<(?:start|end)_of_turn>|<\\|[a-z_]{2,24}\\|>`,
    ),
  },
  {
    type: 'delimiter_injection',
    severity: 'medium',
    message: 'Closes the turn with an end-of-sequence marker',
    triggers: (text) => text.includes('</s>'),
    pattern: re(
      `</s> ?(?:\\n ?)?(?:<s>|\\[inst\\]|<\\||(?:system|user|assistant|human|ai) ?:)|(?:^|\\n) ?</s> ?(?:\\n|$)`,
    ),
  },
  {
    type: 'delimiter_injection',
    severity: 'medium',
    message: 'Starts a fake system turn',
    triggers: words('system developer admin administrator root sudo'),
    pattern: re(
      `(?:^|\\n) ?(?:(?:#{1,6}|\\*\\*|={2,20}|-{2,20}|%{2,20}) ?)${ROLE_NAME}(?:\\*\\*)? ?:` +
        `|(?:\\[|<)${ROLE_NAME}(?:\\]|>)` +
        `|(?:^|\\n) ?(?:system|developer|admin)(?: (?:message|prompt|instructions?|override|note|update|command|notice))? ?:([^\\n]{0,200})`,
    ),
    check: (match) => {
      // Without markup, "System:" must introduce instructions ("System: Ubuntu 22.04" is a bug report).
      if (match[1] === undefined) return 'medium';
      return INSTRUCTION_WORDS.test(match[1]) ? 'medium' : null;
    },
  },
  {
    type: 'delimiter_injection',
    severity: 'medium',
    message: 'Marks the end of the user input or the start of new system text',
    triggers: words('end begin beginning start stop close closing'),
    pattern: re(
      `\\b(?:end|begin|beginning|start|stop|close|closing) (?:of )?(?:the )?(?:untrusted )?(?:user input|user query|user message|user prompt|system prompt|system message|system instructions|untrusted input)\\b` +
        `|(?:[#=*%\\-\\[<]{2,8} ?)(?:end|begin|start) (?:of )?(?:the )?(?:[a-z_]+ ){0,3}(?:instructions|prompt|input|context|conversation|rules|ambiguity)\\b`,
    ),
  },
  {
    type: 'delimiter_injection',
    severity: 'low',
    message: 'Contains a turn written as the assistant',
    triggers: words('assistant chatgpt gpt claude model'),
    pattern: re(`(?:^|\\n) ?(?:assistant|chatgpt|gpt|claude|ai assistant|model) ?:`),
  },
];

// ---- Data exfiltration ----------------------------------------------------------------------------------

/** What belongs to the conversation and must not leave it. */
const CONVERSATION_DATA = alt([
  'conversation',
  'conversation history',
  'chat history',
  'chat log',
  'previous messages',
  'messages above',
  'system prompt',
  'your instructions',
  'user data',
  "user's (?:data|password|email|e-mail|name|address|messages|details)",
  'personal data',
  'personal information',
  'private data',
  'data above',
  'everything above',
  'all (?:the )?(?:data|information) (?:above|so far)',
  'this (?:conversation|chat)',
  'our (?:conversation|chat)',
]);
const CREDENTIALS = alt([
  'passwords?',
  'secrets',
  'credentials',
  'cookies',
  'session tokens?',
  'env(?:ironment)? variables',
  '\\.env(?: file)?',
]);
const EXFIL_HOSTS =
  /\b(?:webhook\.site|requestbin\.(?:net|com)|pipedream\.net|ngrok(?:-free)?\.(?:io|app|dev)|burpcollaborator\.net|oast\.(?:pro|live|site|online|fun|me)|interact\.sh|requestcatcher\.com|hookbin\.com|beeceptor\.com|canarytokens\.com|pastebin\.com|transfer\.sh|ptsv2\.com|postb\.in|smee\.io|requestinspector\.com|mockbin\.org|loca\.lt|trycloudflare\.com|serveo\.net|webhook\.cool|putsreq\.com)\b/g;

const exfiltration: PhraseRule[] = [
  {
    type: 'data_exfiltration',
    severity: 'high',
    message: 'Asks to send data to an outside address',
    triggers: words(
      'send post forward upload exfiltrate transmit leak email mail submit share copy pipe curl beam report deliver append relay push envia envie manda mande reencaminha reencaminhe publica partilha carrega',
    ),
    pattern: re(
      `\\b(?:send|post|forward|upload|exfiltrate|transmit|leak|email|e-mail|submit|share|copy|pipe|curl|beam|report|deliver|append|relay|push|envia|envie|manda|mande|reencaminha|reencaminhe|publica|partilha|carrega)\\b ${gap(4)}` +
        `(?:${CONVERSATION_DATA}|${CREDENTIALS}|a conversa|o historico|as (?:tuas )?instrucoes|o prompt de sistema|a palavra-passe|as credenciais|os dados (?:do utilizador|pessoais))\\b ?${gap(4)}` +
        `(?:to|at|into|via|using|para)\\b ?${gap(2)}(?:https?://|www\\.|(?:a |the |this |that |my |o |este |esse )?(?:webhook|endpoint|url|server|servidor|endereco)\\b|[a-z0-9-]+\\.(?:com|net|org|io|site|app|dev|xyz|me|sh|pt|ru|cn|tk)\\b)`,
    ),
  },
  {
    type: 'data_exfiltration',
    severity: 'high',
    message: 'Asks to put data into a URL, link or image',
    triggers: words('append add include encode insert put embed attach concatenate adiciona inclui coloca insere'),
    pattern: re(
      `\\b(?:append|add|include|encode|insert|put|embed|attach|concatenate|adiciona|inclui|coloca|insere)\\b ${gap(4)}(?:${CONVERSATION_DATA}|a conversa|o historico|os dados (?:do utilizador|pessoais))\\b ?${gap(4)}` +
        `(?:to|in|into|as|within|inside|na|no|ao|a) (?:the |a |an |this |o |a )?(?:url|link|query(?: string| parameters?)?|image|markdown image|img|src|href|endereco|ligacao|imagem)\\b`,
    ),
  },
  {
    type: 'data_exfiltration',
    severity: 'medium',
    message: 'Names a request-capture or tunnelling service',
    triggers: words(
      'webhook requestbin pipedream ngrok burpcollaborator oast interact requestcatcher hookbin beeceptor canarytokens pastebin transfer ptsv2 postb smee requestinspector mockbin loca trycloudflare serveo putsreq',
    ),
    pattern: EXFIL_HOSTS,
  },
];

/** Every phrase rule, run on the folded text of every variant. */
export const phraseRules: readonly PhraseRule[] = [
  ...override,
  ...jailbreak,
  ...extraction,
  ...delimiter,
  ...exfiltration,
];

/** Markdown images and links on the text as sent (URLs keep their case): data carried to a server. */
const MARKDOWN_LINK = /(!?)\[([^\]\n]{0,300})\]\(\s*<?((?:https?:)?\/\/[^\s)>]{1,2048})/g;
const PLACEHOLDER = /\{\{?[^}]{0,80}\}|\$\{|\$\(|\$[A-Za-z_]{2,}|%7[bB]|<[A-Za-z_ ]{1,40}>|\[[A-Z_ ]{2,40}\]/;
const DATA_PARAMS =
  /[?&#;/](?:q|d|data|p|payload|msg|message|c|chat|conversation|history|prompt|secret|token|key|apikey|api_key|password|pwd|pass|email|user|session|cookie|info|content|text|context|memory|exfil|leak|s)=/i;

function findMarkdownExfiltration(raw: string): { start: number; end: number; severity: Severity; message: string }[] {
  if (!raw.includes('](')) return [];
  const found: { start: number; end: number; severity: Severity; message: string }[] = [];
  MARKDOWN_LINK.lastIndex = 0;
  for (let m = MARKDOWN_LINK.exec(raw); m; m = MARKDOWN_LINK.exec(raw)) {
    const image = m[1] === '!';
    const url = m[3] ?? '';
    const placeholder = PLACEHOLDER.test(url);
    const dataParam = DATA_PARAMS.test(url);
    const end = m.index + m[0].length;
    if (placeholder) {
      found.push({
        start: m.index,
        end,
        severity: 'high',
        message: image
          ? 'Markdown image whose URL is filled in with data (sent when the image loads)'
          : 'Markdown link whose URL is filled in with data',
      });
    } else if (image && (dataParam || url.includes('?'))) {
      found.push({
        start: m.index,
        end,
        severity: dataParam ? 'high' : 'low',
        message: 'Markdown image that sends query data when it loads',
      });
    }
    if (found.length >= 10) break;
  }
  return found;
}

const WORD_TOKEN = /[a-z0-9]+/g;

/** Phrase findings in one variant, with spans in the text as sent (`useTriggers: false` runs every rule). */
export function findPhrases(variant: TextVariant, useTriggers = true): Finding[] {
  const { folded } = variant;
  const text = folded.text;
  const found: Finding[] = [];
  const present = new Set(text.match(WORD_TOKEN));
  for (const rule of phraseRules) {
    if (useTriggers) {
      const { triggers } = rule;
      if (typeof triggers === 'function' ? !triggers(text) : !triggers.some((word) => present.has(word))) continue;
    }
    rule.pattern.lastIndex = 0;
    let count = 0;
    for (let m = rule.pattern.exec(text); m; m = rule.pattern.exec(text)) {
      if (m[0].length === 0) {
        rule.pattern.lastIndex++;
        continue;
      }
      const severity = rule.check ? rule.check(m, text) : rule.severity;
      if (severity) {
        // Leading line breaks or spaces of a match are not evidence.
        const lead = m[0].length - m[0].trimStart().length;
        const inFolded = sourceSpan(folded, m.index + lead, m.index + m[0].trimEnd().length);
        const span = variant.toOriginal(inFolded.start, inFolded.end);
        found.push({ type: rule.type, severity, message: rule.message, ...span, decodedFrom: variant.decodedFrom });
        if (++count >= 5) break;
      }
    }
  }
  for (const m of findMarkdownExfiltration(variant.raw)) {
    found.push({
      type: 'data_exfiltration',
      ...m,
      ...variant.toOriginal(m.start, m.end),
      decodedFrom: variant.decodedFrom,
    });
  }
  return found;
}

// ---- Repeated-token floods -----------------------------------------------------------------------

const FLOOD_MIN_TOKENS = 40;
const isWhitespace = (c: number) => c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x3000;
const isAsciiAlnum = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);

/**
 * A long run of one to four short tokens repeated ("ö ö ö …", ") ] } ) ] } …"): padding that pushes
 * the real instructions out of the model's attention before a payload.
 */
export function findFloods(raw: string): Finding[] {
  const found: Finding[] = [];
  let runStart = -1;
  let runEnd = -1;
  let runTokens = 0;
  const distinct = new Set<string>();
  const close = () => {
    if (runTokens === 0) return;
    if (runTokens >= FLOOD_MIN_TOKENS) {
      found.push({
        type: 'delimiter_injection',
        severity: 'medium',
        message: `Repeats a short token ${String(runTokens)} times (padding before a payload)`,
        start: runStart,
        end: runEnd,
      });
    }
    runStart = -1;
    runTokens = 0;
    distinct.clear();
  };
  let i = 0;
  while (i < raw.length && found.length < 3) {
    while (i < raw.length && isWhitespace(raw.charCodeAt(i))) i++;
    if (i >= raw.length) break;
    const start = i;
    let alnum = 0;
    while (i < raw.length && !isWhitespace(raw.charCodeAt(i))) {
      if (isAsciiAlnum(raw.charCodeAt(i))) alnum++;
      i++;
    }
    const length = i - start;
    // A short token of symbols or one letter ("ö", ")", "k", "👽"); "the" and "42" are words.
    if (length <= 3 && !(alnum >= 2 && alnum === length)) {
      const token = raw.slice(start, i);
      if (!distinct.has(token) && distinct.size >= 4) close();
      if (runStart < 0) runStart = start;
      distinct.add(token);
      runTokens++;
      runEnd = i;
    } else {
      close();
    }
  }
  close();
  return found.slice(0, 3);
}

// ---- Secrets ----------------------------------------------------------------------------------------

interface TokenRule {
  kind: string;
  message: string;
  pattern: RegExp;
  /** The capture group holding the secret itself (0: the whole match). */
  group?: number;
  check?: (secret: string) => boolean;
  /** Where in the match the datum lies (null: none there), for a run that may hold more than it. */
  locate?: (match: string) => { start: number; end: number } | null;
}

/** A value that reads like a password: not a placeholder, and mixed enough not to be a word. */
function looksLikePassword(value: string): boolean {
  if (value.length < 6 || value.length > 200) return false;
  if (/^(?:\*+|x+|\.+|-+|_+|#+)$/i.test(value)) return false;
  if (
    /^(?:<[^>]*>|\{[^}]*\}|\$\{?[A-Za-z_]+\}?|%[A-Za-z_]+%|your[_-]?\w*|none|null|undefined|empty|required|optional|changeme|example|password|secret|hidden|redacted|\[redacted[^\]]*\])$/i.test(
      value,
    )
  ) {
    return false;
  }
  const classes =
    Number(/[a-z]/.test(value)) +
    Number(/[A-Z]/.test(value)) +
    Number(/\d/.test(value)) +
    Number(/[^A-Za-z0-9]/.test(value));
  return classes >= 2 || value.length >= 16;
}

/** Upper case, lower case and digits, as in a random key (a word or a placeholder has not all three). */
const mixed = (value: string) => /[A-Z]/.test(value) && /[a-z]/.test(value) && /\d/.test(value);

const secretRules: TokenRule[] = [
  { kind: 'nuvem_api_key', message: 'Nuvem API key', pattern: /\bnuv_[0-9A-Za-z]{40}\b/g },
  { kind: 'nuvem_client_secret', message: 'Nuvem client secret', pattern: /\bnuvs_[0-9A-Za-z]{40}\b/g },
  // A session's bearer token: nat_ and the SHA-256 (hex) of the session token (auth.service.ts).
  { kind: 'nuvem_access_token', message: 'Nuvem access token', pattern: /\bnat_[0-9a-fA-F]{64}\b/g },
  // The session cookie (and the pending-link one): 32 random bytes, base64url (lib/tokens.ts).
  {
    kind: 'nuvem_session',
    message: 'Nuvem session cookie',
    pattern: /\bnuvem_(?:session|link)["']?\s{0,3}[=:]\s{0,3}["']?([A-Za-z0-9_-]{20,256})(?![A-Za-z0-9_-])/gi,
    group: 1,
    check: (value) => /[A-Za-z]/.test(value) && /\d|[_-]|[A-Z].*[a-z]|[a-z].*[A-Z]/.test(value),
  },
  {
    kind: 'aws_access_key',
    message: 'AWS access key id',
    pattern: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[0-9A-Z]{16}\b/gi,
    // Written in lower case it must still look like a key (a digit), not a long word.
    check: (value) => value === value.toUpperCase() || /\d/.test(value.slice(4)),
  },
  {
    kind: 'aws_secret_key',
    message: 'AWS secret access key',
    pattern: /\baws_?secret_?(?:access_?)?key\b["']?\s*[:=]\s*["']?([A-Za-z0-9/+=]{40})\b/gi,
    group: 1,
  },
  {
    kind: 'github_token',
    message: 'GitHub token',
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/g,
  },
  { kind: 'stripe_key', message: 'Stripe secret key', pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,247}\b/g },
  { kind: 'stripe_webhook_secret', message: 'Stripe webhook secret', pattern: /\bwhsec_[A-Za-z0-9]{24,}\b/g },
  { kind: 'slack_token', message: 'Slack token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,250}\b/g },
  {
    kind: 'slack_webhook',
    message: 'Slack webhook URL',
    pattern: /https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9/_-]{20,120}/g,
  },
  {
    kind: 'openai_key',
    message: 'OpenAI or Anthropic API key',
    pattern: /(?<![A-Za-z0-9_-])sk-(?:proj-|svcacct-|admin-|ant-(?:api\d\d-)?)?[A-Za-z0-9_-]{20,250}/g,
    check: (secret) => /\d/.test(secret) && /[A-Za-z]/.test(secret.slice(3)),
  },
  { kind: 'google_api_key', message: 'Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  {
    kind: 'gitlab_token',
    message: 'GitLab access token',
    pattern: /\bgl(?:pat|dt|rt|ptt|cbt|oas)-[0-9A-Za-z_-]{20,64}(?![0-9A-Za-z_-])/g,
  },
  {
    kind: 'huggingface_token',
    message: 'Hugging Face token',
    pattern: /\bhf_[A-Za-z0-9]{30,40}\b/g,
    check: (value) => /[A-Z]/.test(value) && /[a-z]/.test(value.slice(3)),
  },
  { kind: 'npm_token', message: 'npm access token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  {
    kind: 'azure_key',
    message: 'Azure storage or service key',
    pattern: /\b(?:AccountKey|SharedAccessKey)\s{0,3}=\s{0,3}([A-Za-z0-9+/]{40,100}={0,2})/gi,
    group: 1,
  },
  {
    kind: 'private_key',
    message: 'Private key',
    pattern:
      /-----BEGIN (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]{0,8192}?-----END (?:[A-Z0-9]+ ){0,3}PRIVATE KEY(?: BLOCK)?-----)?/g,
  },
  {
    kind: 'jwt',
    message: 'JSON Web Token',
    pattern: /\beyJ[A-Za-z0-9_-]{8,4096}\.eyJ[A-Za-z0-9_-]{8,8192}\.[A-Za-z0-9_-]{8,2048}\b/g,
  },
  {
    kind: 'connection_string',
    message: 'Credentials in a connection URL',
    pattern: /\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s:/@"'<>]{1,100}:([^\s:/@"'<>]{3,200})@[^\s/"'<>]{2,255}/gi,
    group: 1,
    check: (secret) => !/^(?:\*+|x+|password|pass|pwd|<[^>]*>|\$\{?\w+\}?)$/i.test(secret),
  },
  {
    kind: 'password',
    message: 'Password or secret value',
    pattern:
      /\b(?:password|passwd|pwd|passphrase|pass|secret|secret[_-]?key|api[_-]?key|apikey|access[_-]?token|auth[_-]?token|client[_-]?secret|private[_-]?key|senha|palavra[-_ ]passe)\b["']?\s{0,3}(?:[:=]|=>|(?<=\s)(?:is|é|e)(?=\s))\s{0,3}(["'`]?)([^\s"'`,;]{1,200})\1/gi,
    group: 2,
    check: looksLikePassword,
  },
];

/** What the secret and personal-data rules read of a variant: its text and the map back to the text as sent. */
export type TextSource = Pick<TextVariant, 'raw' | 'toOriginal' | 'decodedFrom'>;

/** A 40-character AWS secret access key, unlabelled: only looked for next to an access key id. */
const AWS_SECRET = /(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])/g;
const AWS_NEIGHBOURHOOD = 160;

/** Secrets in the text of one variant (as sent or decoded). */
export function findSecrets(variant: TextSource): Finding[] {
  const raw = variant.raw;
  const found: Finding[] = [];
  const hasUrl = raw.includes('://');
  const push = (at: number, length: number, rule: Pick<TokenRule, 'kind' | 'message'>) => {
    found.push({
      type: 'secret',
      severity: 'high',
      message: `${rule.message} in the text`,
      ...variant.toOriginal(at, at + length),
      decodedFrom: variant.decodedFrom,
      kind: rule.kind,
    });
  };
  const keyIds: number[] = [];
  for (const rule of secretRules) {
    if (rule.kind === 'connection_string' && !hasUrl) continue;
    rule.pattern.lastIndex = 0;
    for (let m = rule.pattern.exec(raw); m; m = rule.pattern.exec(raw)) {
      const group = rule.group ?? 0;
      const secret = m[group];
      if (!secret || (rule.check && !rule.check(secret))) continue;
      const at = group === 0 ? m.index : m.index + m[0].lastIndexOf(secret);
      push(at, secret.length, rule);
      if (rule.kind === 'aws_access_key') keyIds.push(at);
      if (found.length >= 20) return found;
    }
  }
  // The secret key that goes with an access key id is often pasted beside it with no label.
  for (const at of keyIds) {
    const from = Math.max(0, at - AWS_NEIGHBOURHOOD);
    const near = raw.slice(from, Math.min(raw.length, at + 20 + AWS_NEIGHBOURHOOD));
    AWS_SECRET.lastIndex = 0;
    for (let m = AWS_SECRET.exec(near); m; m = AWS_SECRET.exec(near)) {
      if (!mixed(m[0])) continue;
      const start = from + m.index;
      const span = variant.toOriginal(start, start + m[0].length);
      const known = found.some((f) => f.kind === 'aws_secret_key' && f.start === span.start && f.end === span.end);
      if (!known) push(start, m[0].length, { kind: 'aws_secret_key', message: 'AWS secret access key' });
    }
  }
  return found;
}

// ---- Personal data -----------------------------------------------------------------------------------

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** IBAN lengths by country (ISO 13616 registry). */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BI: 27,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DJ: 27,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FK: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  LY: 25,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MN: 20,
  MR: 27,
  MT: 31,
  MU: 30,
  NI: 28,
  NL: 18,
  NO: 15,
  OM: 23,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  RU: 33,
  SA: 24,
  SC: 31,
  SD: 18,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  SO: 23,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
  YE: 30,
};

function ibanValid(iban: string): boolean {
  const compact = iban.replace(/[\s-]/g, '').toUpperCase();
  if (IBAN_LENGTHS[compact.slice(0, 2)] !== compact.length) return false;
  const moved = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const ch of moved) {
    const value = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of value) remainder = (remainder * 10 + (digit.charCodeAt(0) - 48)) % 97;
  }
  return remainder === 1;
}

/**
 * The IBAN at the start of a run (in either case, grouped by spaces or dashes or not at all): as many
 * characters as its country's IBANs have, so a word that follows is not taken for part of it.
 */
function locateIban(run: string): { start: number; end: number } | null {
  const length = IBAN_LENGTHS[run.slice(0, 2).toUpperCase()];
  if (length === undefined) return null;
  let taken = 0;
  for (let i = 0; i < run.length; i++) {
    if (/[A-Za-z0-9]/.test(run.charAt(i)) && ++taken === length) {
      const iban = run.slice(0, i + 1);
      return ibanValid(iban) ? { start: 0, end: i + 1 } : null;
    }
  }
  return null;
}

const CARD_PREFIX = /^(?:4|5[1-5]|2[2-7]|3[47]|6(?:011|5|4[4-9]|22)|35)/;

/**
 * A payment card number in a run of digits and separators: 13 to 19 digits that pass the Luhn check,
 * written whole or in groups of three to six split by one kind of separator (space, dot or dash),
 * starting and ending at a group's edge ("4111 1111 1111 1111 12" holds one).
 */
function locateCard(run: string): { start: number; end: number } | null {
  const groups: { start: number; end: number }[] = [];
  for (const m of run.matchAll(/\d+/g)) groups.push({ start: m.index, end: m.index + m[0].length });
  for (let first = 0; first < groups.length; first++) {
    let digits = '';
    for (let last = first; last < groups.length; last++) {
      const group = groups[last];
      if (!group) break;
      digits += run.slice(group.start, group.end);
      if (digits.length > 19) break;
      if (digits.length < 13) continue;
      const start = groups[first]?.start ?? 0;
      const text = run.slice(start, group.end);
      const separators = new Set(text.replace(/\d/g, ''));
      const inner = groups.slice(first, last + 1);
      const grouped =
        inner.length === 1 ||
        (separators.size === 1 && inner.every((g) => g.end - g.start >= 3 && g.end - g.start <= 6));
      if (grouped && CARD_PREFIX.test(digits) && luhn(digits)) return { start, end: group.end };
    }
  }
  return null;
}

/** A Portuguese tax number (NIF/NIPC): nine digits, the last a mod-11 check digit. */
export function nifValid(nif: string): boolean {
  if (!/^[1235689]\d{8}$/.test(nif) && !/^(?:45|70|71|72|74|75|77|79|90|91|98|99)\d{7}$/.test(nif)) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += (nif.charCodeAt(i) - 48) * (9 - i);
  const check = 11 - (sum % 11);
  return (check >= 10 ? 0 : check) === nif.charCodeAt(8) - 48;
}

const personalRules: TokenRule[] = [
  {
    kind: 'email',
    message: 'E-mail address',
    pattern:
      /(?<![A-Za-z0-9._%+-])[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.){1,8}[A-Za-z]{2,24}\b/g,
  },
  {
    kind: 'iban',
    message: 'IBAN',
    pattern: /\b[A-Za-z]{2}\d{2}(?:[ -]?[A-Za-z0-9]){11,32}/g,
    locate: locateIban,
  },
  {
    kind: 'credit_card',
    message: 'Payment card number',
    pattern: /(?<![\d.-])\d(?:[ .-]?\d){12,24}(?!\d)/g,
    locate: locateCard,
  },
  {
    kind: 'phone',
    message: 'Phone number',
    pattern:
      /(?<![\w+])(?:\+|00)[1-9]\d{0,2}[ .-]?(?:\(\d{1,4}\)[ .-]?)?\d{2,4}(?:[ .-]?\d{2,4}){1,4}(?![\w-])|(?<![\w.-])(?:9[1236]\d[ .]?\d{3}[ .]?\d{3}|2\d{2} \d{3} \d{3})(?![\w.-])|(?<![\w(])\(\d{3}\) ?\d{3}-\d{4}(?![\w-])|(?<![\w-])\d{3}-\d{3}-\d{4}(?![\w-])/g,
    check: (value) => {
      const digits = value.replace(/\D/g, '');
      return digits.length >= 9 && digits.length <= 15;
    },
  },
  {
    kind: 'nif',
    message: 'Portuguese tax number (NIF)',
    pattern: /(?<![\w.,-])\d{9}(?![\w.,-]\d|\w)/g,
    check: nifValid,
  },
];

/** Personal data in the text of one variant. */
export function findPersonalData(variant: TextSource): Finding[] {
  const raw = variant.raw;
  const found: Finding[] = [];
  const taken: { start: number; end: number }[] = [];
  for (const rule of personalRules) {
    if (rule.kind === 'email' && !raw.includes('@')) continue;
    rule.pattern.lastIndex = 0;
    for (let m = rule.pattern.exec(raw); m; m = rule.pattern.exec(raw)) {
      if (rule.check && !rule.check(m[0])) continue;
      const at = rule.locate ? rule.locate(m[0]) : { start: 0, end: m[0].length };
      if (!at) continue;
      const start = m.index + at.start;
      const end = m.index + at.end;
      // A card or IBAN is not also a phone number or a NIF.
      if (taken.some((t) => start < t.end && end > t.start)) continue;
      taken.push({ start, end });
      found.push({
        type: 'personal_data',
        severity: 'low',
        message: `${rule.message} in the text`,
        ...variant.toOriginal(start, end),
        decodedFrom: variant.decodedFrom,
        kind: rule.kind,
      });
      if (found.length >= 20) return found;
    }
  }
  return found;
}

// ---- Evidence ----------------------------------------------------------------------------------------

const MAX_EVIDENCE = 200;

/** At most four leading characters of a secret, then '…'. */
export function maskSecret(secret: string): string {
  const keep = Math.min(4, Math.floor(secret.length / 3));
  return `${secret.slice(0, keep)}…`;
}

/** A finding as the contract's violation: the evidence text as sent, masked for secrets and personal data. */
export function toViolation(finding: Finding, source: string): Violation {
  const raw = source.slice(finding.start, finding.end);
  const text = finding.kind ? maskSecret(raw) : raw.length > MAX_EVIDENCE ? `${raw.slice(0, MAX_EVIDENCE)}…` : raw;
  const violation: Violation = {
    type: finding.type,
    severity: finding.severity,
    message: finding.decodedFrom ? `${finding.message} (decoded from ${finding.decodedFrom})` : finding.message,
    evidence: { start: finding.start, end: finding.end, text },
  };
  if (finding.decodedFrom) violation.decoded_from = finding.decodedFrom;
  return violation;
}
