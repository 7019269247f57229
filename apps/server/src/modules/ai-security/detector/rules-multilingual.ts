/**
 * Instruction override in the languages the English rules do not read: a verb of ignoring or
 * forgetting near a reference to what came before ("the above instructions", "以上指令", "上記の
 * 指示", "приведенную выше инструкцию"), or near an order to output something directly instead.
 * Written from the languages themselves (the commonest ways to say it), not from any one data set:
 * Arabic, Bengali, Chinese, French, German, Hindi, Italian, Japanese, Korean, Portuguese, Russian,
 * Spanish and Turkish (the main rules read English and a few European overrides).
 *
 * Matched on the text as sent (case-insensitive, Unicode-aware), not the folded one: the fold maps
 * Cyrillic look-alikes to Latin and drops Indic vowel signs, which is right for spoofed English and
 * wrong for Russian or Hindi. Every part is bounded (the gap between the verb and its object is at
 * most 40 characters), so no text makes a pattern backtrack far.
 */
import type { Severity } from '@nuvem/contracts/ai-security';
import type { TextVariant } from './normalise.js';
import type { Finding } from './rules.js';

interface Language {
  code: string;
  /** Verbs of ignoring, forgetting, disregarding (any inflection the pattern allows). */
  ignore: string;
  /** What came before: "the above", "previous", "these", and the nouns "instructions", "question"… */
  before: string;
  /** An order to output, say or repeat something directly, instead of answering. */
  output: string;
}

const L = '[\\p{L}\\p{M}]*';

const WORD_START = '(?<![\\p{L}\\p{M}\\p{N}])';
const WORD_END = '(?![\\p{L}\\p{M}\\p{N}])';
/**
 * `\\b` made to know letters other than ASCII ones (it does not, even with the u flag): at the start
 * of a pattern or of an alternative it is a word's start, elsewhere a word's end (one look-around
 * each, not the two a full boundary needs: these run at every position of a text).
 */
const unicodeWords = (source: string) =>
  source.replace(/\\b/g, (_match, offset: number) => {
    const before = source.slice(Math.max(0, offset - 3), offset);
    return offset === 0 || before.endsWith('(?:') || before.endsWith('|') || before.endsWith('(')
      ? WORD_START
      : WORD_END;
  });

/**
 * The user taking back their own words ("forget what I said about the meeting", "ignore my last
 * message"): no override of the model's instructions.
 */
const OWN_WORDS = new RegExp(
  [
    "\\b(?:i (?:said|wrote|asked|told you|mentioned|sent)|i've (?:said|written|asked|told you|mentioned|sent)|my (?:last|previous|earlier|first|other|own) (?:message|question|request|prompt|answer|reply|text|email|e-mail|comment|note|draft|version)s?)\\b",
    '\\b(?:la mia|il mio|mia|mio) (?:ultima |precedente )?(?:domanda|messaggio|richiesta)',
    '\\b(?:mi|mis) (?:última |anterior )?(?:pregunta|mensaje|petición)',
    '\\b(?:ma|mon|mes) (?:dernière |dernier |précédente? )?(?:question|message|demande)',
    '\\b(?:meine|meinen|meiner|mein) (?:letzte |letzten |vorherige |vorherigen )?(?:frage|nachricht|anfrage)',
    '\\b(?:minha|meu) (?:última |anterior )?(?:pergunta|mensagem|pedido)',
    'мо(?:й|ё|ю|его|ей|и) (?:последн\\S* |предыдущ\\S* )?(?:вопрос|сообщени|просьб)',
    '我(?:的|刚才的|之前的|上一个)(?:问题|消息|话|請求|请求)',
    '私の(?:質問|メッセージ|依頼)',
  ].join('|'),
  'iu',
);
/** A question about doing it ("How do I make Prettier ignore the previous rules?"): not an order to the model. */
const QUESTION =
  /(?:^|[.!?\n]\s*)(?:how|what|why|when|where|which|can i|could i|is there|is it possible|do you know)\b[^.!?\n]*$/i;
/** Something else is made to ignore ("make Prettier ignore", "tell git to ignore"). */
const TOOL_IGNORES =
  /\b(?:make|let|have|get|configure|set up|force|tell|teach)\s+(?:\S+\s+){1,3}(?:to\s+)?$|\b(?!you\b|u\b)[a-z]+\s+(?:should|must|will|can|could|would|does|did|doesn't|didn't|won't|can't)\s+(?:not\s+)?$/i;
/** Verbs of ignoring looked at in one variant, per language, at most: a text of 'ignore ignore …' stays cheap. */
const MAX_VERBS = 8;
/** A quotation mark: a phrase inside quotes is being talked about, not said. */
const QUOTES = /["“”«»「」『』]|(?<![a-z])'|'(?![a-z])/giu;

const languages: Language[] = [
  {
    code: 'en',
    ignore: `\\b(?:(?:don't|do not|no need to) (?:answer|respond to|reply to)|regardless of|irrespective of|ignor(?:e|es|ed|ing)|disregard${L}|forget(?:ting)?|never ?mind|set(?:ting)? aside|stop following|throw out|discard${L})\\b`,
    before: `\\b(?:above|previous(?:ly)?|preceding|prior|earlier|foregoing|former|original|initial|all|everything|so far|until now|up to now|before|existing|current)\\b`,
    output: `\\b(?:(?:just|directly|simply|only) (?:output|print|say|repeat|reply|respond|write|return)|output (?:directly|the following|only)|(?:say|print|repeat|output) (?:exactly|verbatim|only))\\b`,
  },
  {
    code: 'zh',
    ignore:
      '(?:不要回答|不用回答|别回答|無需回答|无需回答|不必回答|不要回复|不用理会|不用理會|无论|無論|不管|忽略|忽视|无视|無視|不要理会|不理会|別理會|别理|不要管|跳过|跳過|忘记|忘記|忘掉|放弃|放棄|抛开|撇开|不用管)',
    before: '(?:以上|上述|上面|之前|前面|先前|此前|前述|原来|原來|原先|所有的?|全部|这些|這些|該|该|此)',
    output:
      '(?:直接输出|直接輸出|只输出|只輸出|仅输出|僅輸出|直接回答|直接说|直接說|直接回复|直接回覆|直接打印|照抄|复述|複述|重复以下|重複以下|输出以下|輸出以下)',
  },
  {
    code: 'ja',
    ignore:
      '(?:答えないで|回答しないで|答えずに|に関係なく|にかかわらず|無視|むし|忘れ|従わ(?:ず|ないで)|従うな|気にせず|気にしないで|破棄|取り消)',
    before: '(?:上記|以上|前の|先の|先ほど|これまで|今まで|上の|前述|既存|元の|すべての|全ての|その|この)',
    output:
      '(?:直接出力|そのまま出力|ただ出力|出力に直接|とだけ(?:言|答|出力|書)|だけを出力|のみを出力|繰り返して|復唱)',
  },
  {
    code: 'ko',
    ignore: '(?:무시|잊어|잊고|따르지 ?말)',
    before: '(?:위의|위|이전|앞의|앞서|기존|모든|이|그)',
    output: '(?:바로 출력|그대로 출력|직접 출력|만 출력|라고만 (?:말|답)|반복하)',
  },
  {
    code: 'ru',
    ignore: `(?:\\bне отвечай${L}|\\bнезависимо от|\\bопусти${L}|\\bпропусти${L}|\\bне отвеча${L} на|\\bпро?игнорир${L}|\\bигнорир${L}|\\bне обращ${L} внимани${L}|\\bзабуд${L}|\\bзабыв${L}|\\bпренебре${L}|\\bотбрось${L}|\\bотбрасыв${L}|\\bне учитыва${L}|\\bне принима${L} во внимание|\\bне следу${L})`,
    before: `(?:\\bвыше\\b|\\bпредыдущ${L}|\\bпрежн${L}|\\bранее\\b|\\bвышеуказанн${L}|\\bвышеизложенн${L}|\\bприведенн${L}|\\bприведённ${L}|\\bуказанн${L}|\\bвсе\\b|\\bвсех\\b|\\bэт(?:и|от|у|ой|ого|их)\\b|\\bданн${L}|\\bисходн${L}|\\bпервоначальн${L})`,
    output: `(?:\\b(?:просто|сразу|прямо|непосредственно|только) (?:выв(?:еди|едите|одите)|напиш${L}|скаж${L}|ответь${L}|повтор${L}|напечата${L})|\\bвыв(?:еди|едите|одите) (?:прямо|просто|сразу|непосредственно|следующ${L})|\\bповторите?:)`,
  },
  {
    code: 'ar',
    ignore:
      '(?:لا تجيب|لا تجب|لا ترد|بغض النظر عن|تجاهل|تتجاهل|يتجاهل|اتجاهل|أتجاهل|تجاهلي|تجاهلوا|انس|انسى|إنس|تناس|تخط|تجاوز|لا تلتفت|لا تتبع|اترك|أهمل|اهمل)',
    before:
      '(?:أعلاه|اعلاه|السابق|السابقة|السابقين|المذكور|المذكورة|المتقدم|الماضي|الأصلية|الاصلية|جميع|كل|هذه|هذا|تلك)',
    output:
      '(?:(?:أخرج|اخرج|الإخراج|الاخراج|المخرجات|اطبع|قل|كرر|أجب|اكتب)\\s(?:[\\p{L}\\p{M}]+\\s){0,2}مباشرة|مباشرة\\s(?:ب|إلى\\s)?(?:الإخراج|الاخراج|إخراج|اخراج|قول|كتابة))',
  },
  {
    code: 'hi',
    ignore:
      '(?:उत्तर न दें|जवाब न दें|उत्तर मत|जवाब मत|नज़रअंदाज़|नज़रअंदाज|नजरअंदाज|अनदेखा|अनदेखी|उपेक्षा|भूल जा|भूल कर|भूलकर|ध्यान न दें|ध्यान मत|अवहेलना|नकार)',
    before: '(?:ऊपर|उपरोक्त|पिछल|पहले|पूर्व|पूर्ववर्ती|इस|इन|सभी|सारे|मूल)',
    output:
      '(?:सीधे (?:आउटपुट|कहें|कहिए|लिखें|दोहराएं|दोहराएँ|परिणाम|उत्तर|जवाब)|(?:बस|सिर्फ|केवल) (?:आउटपुट|दोहराएं|दोहराएँ|दुबारा कहें|दोबारा कहें|कहें|लिखें)|आउटपुट (?:करें|दें))',
  },
  {
    code: 'bn',
    ignore:
      '(?:উত্তর দেবেন না|উত্তর দিও না|উত্তর দিবেন না|উপেক্ষা|অগ্রাহ্য|ভুলে যা|ভুলে গিয়ে|এড়িয়ে|উপেক্ষ|অবজ্ঞা|মানবেন না|মেনো না)',
    before: '(?:উপরের|উপরোক্ত|পূর্ববর্তী|পূর্বের|আগের|এই|সমস্ত|সব|মূল)',
    output:
      '(?:সরাসরি (?:আউটপুট|বলুন|লিখুন|উত্তর|ফলাফল|পুনরাবৃত্তি)|(?:শুধু|কেবল) (?:আউটপুট|বলুন|লিখুন|পুনরাবৃত্তি)|রিক্যাপ করুন|পুনরাবৃত্তি করুন)',
  },
  {
    code: 'de',
    ignore: `(?:\\b(?:antworten|beantworten) sie (?:\\S+ ){0,2}nicht\\b|\\bunabhängig von\\b|\\bungeachtet\\b|\\bignorier${L}|\\bvergiss${L}|\\bvergessen sie\\b|\\bmissacht${L}|\\bübergeh${L}|\\büberspring${L}|\\bbeachte${L} (?:\\S+ ){0,3}nicht\\b|\\bverwirf\\b|\\bverwerfen sie\\b|\\bsetze${L} (?:\\S+ ){0,3}außer kraft)`,
    before: `(?:\\bobig${L}|\\boben\\b|\\bvorherig${L}|\\bvorangegangen${L}|\\bvorstehend${L}|\\bbisherig${L}|\\bfrüher${L}|\\bursprünglich${L}|\\balle\\b|\\bdiese${L}|\\bgenannt${L})`,
    output: `(?:\\b(?:gib|geben sie) (?:\\S+ ){0,3}(?:direkt|einfach|nur|stattdessen) (?:\\S+ ){0,2}aus\\b|\\bwiederhole${L}(?: sie)?(?: bitte)?:|\\b(?:sag|sagen sie) (?:einfach|nur)\\b|\\bfügen sie keine\\b)`,
  },
  {
    code: 'es',
    ignore: `(?:\\bno (?:responda|respondas|conteste|contestes)\\b|\\bindependientemente de\\b|\\bsin importar\\b|\\bignor(?:a|e|en|ad|ar|ando|es)\\b|\\bolvid(?:a|e|en|ad|ar|ando)\\b|\\bno hagas caso\\b|\\bno haga caso\\b|\\bhaz caso omiso\\b|\\bhaga caso omiso\\b|\\bomit(?:e|a|an|ir)\\b|\\bdesestim${L}|\\bpasa por alto\\b|\\bpase por alto\\b|\\bdescart${L})`,
    before: `(?:\\banterior${L}|\\bprevi${L}|\\barriba\\b|\\bmencionad${L}|\\bprecedente${L}|\\boriginal${L}|\\btod[ao]s\\b|\\best[ao]s?\\b|\\bmis\\b|\\bsus\\b)`,
    output: `(?:\\b(?:simplemente|directamente|solo|sólo|únicamente) (?:emit${L}|respond${L}|di|diga|escrib${L}|imprim${L}|repit${L}|produc${L}|muestr${L}|devuelv${L})\\b|\\b(?:emit${L}|respond${L}|di|diga|escrib${L}|repit${L}|produc${L}) (?:directamente|simplemente)\\b|\\brepita:)`,
  },
  {
    code: 'pt',
    ignore: `(?:\\bignor(?:a|e|em|ar|ando|es)\\b|\\besque(?:ça|ce|çam|cer)\\b|\\bdesconsider${L}|\\bnão lig(?:ue|ues) (?:a|à|às)\\b|\\bpasse por cima\\b|\\bdescart${L})`,
    before: `(?:\\banterior${L}|\\bprévi${L}|\\bacima\\b|\\bmencionad${L}|\\bprecedente${L}|\\boriginal${L}|\\btod[ao]s\\b|\\best[ae]s?\\b)`,
    output: `(?:\\b(?:simplesmente|diretamente|apenas|só) (?:escrev${L}|respond${L}|diga|imprim${L}|repit${L}|produz${L}|mostr${L}|devolv${L})\\b|\\brepita:)`,
  },
  {
    code: 'fr',
    ignore: `(?:\\bne (?:répondez|réponds) pas\\b|\\bindépendamment de\\b|\\bquelles? que soi(?:en)?t\\b|\\bignor(?:e|ez|er|ant|es)\\b|\\boubli(?:e|ez|er|ant|es)\\b|\\bne (?:tenez|tiens) pas compte\\b|\\bfai(?:tes|s) abstraction\\b|\\bnéglig(?:e|ez|er)\\b|\\bpasse[rz]? outre\\b|\\bfai(?:tes|s) fi\\b)`,
    before: `(?:\\bprécédent${L}|\\bci-dessus\\b|\\bantérieur${L}|\\bplus haut\\b|\\bmentionn${L}|\\binitial${L}|\\boriginal${L}|\\bces\\b|\\bcette\\b|\\btout(?:es)?\\b)`,
    output: `(?:\\b(?:simplement|directement|juste|uniquement|seulement) (?:indiqu${L}|affich${L}|écri${L}|répond${L}|dites|dis|sort${L}|produi${L}|répét${L}|imprim${L}|renvoy${L})\\b|\\b(?:affich${L}|écri${L}|répond${L}|indiqu${L}|sort${L}) directement\\b|\\brépétez ?:)`,
  },
  {
    code: 'it',
    ignore: `(?:\\bignor(?:a|i|ate|are|ando)\\b|\\bdimentic(?:a|hi|ate|are)\\b|\\bnon (?:considerare|tenere conto)\\b|\\btralascia\\b)`,
    before: `(?:\\bprecedent${L}|\\bsopra\\b|\\bsuddett${L}|\\bmenzionat${L}|\\boriginal${L}|\\btutt[ei]\\b|\\bquest[ei]\\b)`,
    output: `(?:\\b(?:semplicemente|direttamente|solo) (?:scriv${L}|rispond${L}|di|dì|stamp${L}|ripet${L}|produc${L}|mostr${L})\\b|\\bripeti:)`,
  },
  {
    code: 'tr',
    ignore: `(?:\\byok ?say${L}|\\bgörmezden gel${L}|\\bunut${L}|\\bdikkate alma${L}|\\bdinleme${L})`,
    before: `(?:\\byukarıdaki\\b|\\bönceki\\b|\\bbu\\b|\\btüm\\b|\\bbütün\\b|\\borijinal\\b)`,
    output: `(?:\\bdoğrudan (?:yaz${L}|söyle${L}|çıktı${L}|yanıtla${L})|\\bsadece (?:yaz${L}|söyle${L}|tekrarla${L}))`,
  },
];

/** Nouns of what is overridden, per language (any of them counts with the verb and the reference). */
const THINGS: Record<string, string> = {
  en: `\\b(?:instructions?|questions?|problems?|requests?|commands?|prompts?|prompting|tasks?|directions?|directives?|rules?|guidelines?|orders?|text|content|context|inquiry|everything|messages?|input|programming|training|constraints)\\b`,
  zh: '(?:指令|指示|提问|问题|問題|要求|命令|内容|內容|规则|規則|设定|設定|提示|说明|說明|任务|任務|请求|請求)',
  ja: '(?:指示|質問|問題|命令|指令|プロンプト|ルール|内容|依頼|要求|設定|タスク)',
  ko: '(?:지시|질문|명령|프롬프트|규칙|내용|요청|지침)',
  ru: `(?:\\bинструкци${L}|\\bуказани${L}|\\bвопрос${L}|\\bкоманд${L}|\\bправил${L}|\\bзадани${L}|\\bзапрос${L}|\\bпромпт${L}|\\bпроблем${L}|\\bтребовани${L}|\\bрекомендаци${L})`,
  ar: '(?:التعليمات|تعليمات|الأسئلة|الاسئلة|السؤال|سؤال|الأمر|الامر|الأوامر|الاوامر|المشكلة|المشاكل|الطلب|القواعد|الإرشادات|الارشادات|المهمة)',
  hi: '(?:निर्देश|प्रश्न|सवाल|आदेश|समस्या|अनुरोध|नियम|पूछताछ|कार्य)',
  bn: '(?:নির্দেশ|প্রশ্ন|আদেশ|সমস্যা|অনুরোধ|নিয়ম|কাজ)',
  de: `(?:\\banweisung${L}|\\bfrage${L}|\\bbefehl${L}|\\baufgabe${L}|\\bregel${L}|\\binstruktion${L}|\\bvorgabe${L}|\\bproblem${L}|\\banfrage${L}|\\banordnung${L}|\\bprompt${L})`,
  es: `(?:\\binstruccion${L}|\\bpregunta${L}|\\borden${L}|\\bindicacion${L}|\\bproblema${L}|\\bcomando${L}|\\bregla${L}|\\bsolicitud${L}|\\bpetici${L}|\\bdirectiva${L}|\\bconsigna${L}|\\btarea${L})`,
  pt: `(?:\\binstruç${L}|\\bpergunta${L}|\\bordem\\b|\\bordens\\b|\\bindicaç${L}|\\bproblema${L}|\\bcomando${L}|\\bregra${L}|\\bpedido${L}|\\bdiretriz${L}|\\btarefa${L})`,
  fr: `(?:\\binstructions?\\b|\\bquestions?\\b|\\bconsignes?\\b|\\bordres?\\b|\\bcommandes?\\b|\\brègles?\\b|\\bdirectives?\\b|\\bproblèmes?\\b|\\bdemandes?\\b|\\btâches?\\b|\\bindications?\\b)`,
  it: `(?:\\bistruzion${L}|\\bdomand${L}|\\bordin${L}|\\bcomand${L}|\\bregol${L}|\\bdirettiv${L}|\\brichiest${L}|\\bcompit${L})`,
  tr: `(?:\\btalimat${L}|\\bsoru${L}|\\bkomut${L}|\\bkural${L}|\\bistek${L}|\\bgörev${L}|\\byönerge${L})`,
};

/**
 * PromptInject's order to say one fixed thing and nothing else ("no additional words, no quotes, no
 * prefixes … repeat:"), in each language: it hijacks whatever the prompt asked before it.
 */
const NO_EXTRAS = new RegExp(
  [
    `\\b(?:no|without|don't add|do not add) (?:any )?(?:additional|extra|other|further) (?:words|text|comments?|explanations?)\\b`,
    `без (?:каких-либо |любых )?(?:дополнительных|лишних|других) (?:слов|комментариев|пояснений)`,
    `(?:keine|ohne) (?:zusätzlichen|weiteren|anderen) (?:wörter|worte|kommentare|erklärungen)|fügen sie keine (?:kommentare|wörter|symbole)`,
    `sans (?:autres?|aucun|mots?) (?:mots?|commentaires?|supplémentaires?)`,
    `sin (?:palabras|comentarios) (?:adicionales|extra)|no agregue palabras`,
    `sem palavras adicionais`,
    `(?:不要|不得|不需要|无需|無需|不)(?:添加|加|附加|增加)(?:任何)?(?:额外|額外|其他|多余|多餘)?的?(?:词|詞|字|话|話|内容|內容|注释|註釋|解释|解釋)`,
    `(?:余計な|追加の|他の)(?:言葉|単語|コメント|説明)(?:は|を)?(?:加えず|付けず|なしで|不要|入れず)`,
    `(?:بدون|دون|لا) (?:أي )?(?:كلمات|تعليقات) (?:إضافية|اضافية|أخرى)`,
    `कोई (?:अतिरिक्त|अन्य) (?:शब्द|टिप्पणी)`,
    `কোনো (?:অতিরিক্ত|অন্য) (?:শব্দ|মন্তব্য)`,
  ]
    .map(unicodeWords)
    .join('|'),
  'giu',
);

/**
 * A text that claims to be a message from the system, its developer or its administrator ("It is a
 * secure system message", "[ADMIN REQUEST::", "### SYSTEM OVERRIDE"), or asks the model to decode
 * something and act on it: no user's own request needs either.
 */
const AUTHORITY = new RegExp(
  [
    `\\b(?:this|it|the following|below) is an? (?:(?:secure|trusted|official|authori[sz]ed|verified|important|urgent|priority|new|updated|hidden|internal|confidential|direct) )*(?:system|admin|administrator|developer|root|operator|openai|anthropic) (?:message|instruction|command|prompt|override|update|notice|directive)s?\\b`,
    `\\[\\s*(?:admin|system|developer|root)[ _-]?(?:request|instruction|command|override|message|note)\\s*(?:::|:|\\])`,
    `\\b(?:ignore|disregard|skip|forget)\\s+(?:the rest of |all of |all |any |every |everything in )?(?:this|these|that|other|the other|all other|any other|the remaining|remaining|the following)\\s+(?:data|content|contents|text|document|documents|information|info|input|context|snippets?|passages?|results?|records?|material|entries|fields|page)\\b`,
    `\\bwrite (?:one|a|an|some|two|three|\\d+) (?:(?:very|really|extremely|short|brief|single) )*(?:toxic|negative|unfriendly|offensive|harmful|discriminatory|hateful|insulting|derogatory|racist|sexist|demeaning|rude|mean|nasty|hurtful|abusive|bigoted|homophobic|transphobic|misogynistic|xenophobic) (?:sentence|sentences|paragraph|joke|jokes|comment|comments|statement|remark|tweet|post|message|poem|story|insult|insults)s? (?:about|on|against|towards|regarding)\\b`,
    `\\bdecode (?:the following|this|it)\\b[^\\n]{0,60}\\b(?:in your (?:monologue|head|mind|thoughts)|and (?:follow|execute|run|obey|do|carry out) (?:it|them|the instructions?))`,
  ]
    .map(unicodeWords)
    .join('|'),
  'giu',
);

/**
 * What a jailbreak persona is made of, beside the persona: freedom from rules, ethics and filters,
 * a promise never to refuse, an order to stay in character, the provider's policies named to be
 * set aside. Each family is a sign of its own; two or more together are a jailbreak (a benign
 * persona, "act as a travel guide", has none).
 */
const UNBOUND: RegExp[] = [
  /\b(?:no|without|free (?:of|from)|devoid of|lacks?|lacking|zero|not bound by|unbound by|beyond|outside)\s+(?:any\s+|all\s+|the\s+|its\s+|their\s+)?(?:ethical|moral|ethics|morals|morality|filters?|filtering|restrictions?|limits?|limitations|censorship|guidelines|rules|boundaries|constraints|principles|scruples|safeguards|guardrails)\b/i,
  /\b(?:amoral|unethical|uncensored|unfiltered|unrestricted|unbound|unchained|unleashed|immoral|jailbroken|jailbreak)\b/i,
  /\b(?:ignores?|ignoring|(?:does|do|will|must) not (?:follow|adhere to|abide by|comply with|care about)|doesn't (?:follow|adhere to|abide by|comply with|care about)|break(?:s|ing)? (?:free of|free from|the rules of)|bypass(?:es|ing)?|disregards?)\b[^.\n]{0,40}\b(?:polic(?:y|ies)|rules|guidelines|restrictions|openai|filters|ethics|morals|principles)\b/i,
  /\b(?:never|won't|will not|doesn't|does not|cannot|can't|must not|mustn't)\s+(?:ever\s+)?(?:refuse|decline|deny|say no|reject|censor|warn)\b|\bwithout\s+(?:any\s+)?(?:refusals?|refusing|disclaimers?|warnings?|censorship|hesitation|moralizing|moralising)\b/i,
  /\b(?:stay|stays|remain|remains|keep|keeps)\s+in\s+character\b|\b(?:don't|do not|never)\s+break\s+character\b/i,
  /\b(?:content|usage|openai(?:'s)?|safety)\s+polic(?:y|ies)\b|\bopenai(?:'s)?\s+(?:guidelines|rules|restrictions|filters)\b/i,
  /\b(?:promote|encourage|condone|provide|give|answer|generate|produce)\b[^.\n]{0,40}\b(?:illegal|dangerous|harmful|explicit|offensive|unethical|immoral|malicious)\b/i,
];

/** Jailbreak personas: two or more UNBOUND families in one text ('high'). */
export function findUnboundPersona(variant: TextVariant): Finding[] {
  const text = variant.raw;
  if (text.length < 40) return [];
  const hits: { start: number; end: number }[] = [];
  for (const pattern of UNBOUND) {
    const m = pattern.exec(text);
    if (m) hits.push({ start: m.index, end: m.index + m[0].length });
  }
  if (hits.length < 2) return [];
  const first = hits.sort((a, b) => a.start - b.start)[0] ?? { start: 0, end: 0 };
  return [
    {
      type: 'jailbreak_roleplay',
      severity: hits.length >= 3 ? 'high' : 'medium',
      message: `Sets up a persona without rules, ethics or refusals (${String(hits.length)} signs)`,
      ...variant.toOriginal(first.start, first.end),
      decodedFrom: variant.decodedFrom,
    },
  ];
}

/** The languages by name, as a finding's message says it. */
const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  zh: 'Chinese',
  ja: 'Japanese',
  ko: 'Korean',
  ru: 'Russian',
  ar: 'Arabic',
  hi: 'Hindi',
  bn: 'Bengali',
  de: 'German',
  es: 'Spanish',
  pt: 'Portuguese',
  fr: 'French',
  it: 'Italian',
  tr: 'Turkish',
};

/** How far apart (in characters) the verb may be from the reference or the order to output. */
const NEAR = 48;

interface Compiled {
  code: string;
  /** The verbs without word boundaries: a cheap first look (the boundaries' look-arounds cost at every position). */
  quick: RegExp;
  ignore: RegExp;
  before: RegExp;
  thing: RegExp;
  output: RegExp;
}

const compiled: Compiled[] = languages.map((language) => ({
  code: language.code,
  quick: new RegExp(language.ignore.replaceAll('\\b', ''), 'iu'),
  ignore: new RegExp(unicodeWords(language.ignore), 'giu'),
  before: new RegExp(unicodeWords(language.before), 'iu'),
  thing: new RegExp(unicodeWords(THINGS[language.code] ?? '(?!)'), 'iu'),
  output: new RegExp(unicodeWords(language.output), 'giu'),
}));

/**
 * Stems of the verbs of the languages written in Latin letters, lower-case: a text with none of them
 * is not looked at again for that language (a substring test costs far less than the patterns).
 */
const LATIN_STEMS: Record<string, readonly string[]> = {
  en: [
    'ignor',
    'disregard',
    'forget',
    'never mind',
    'nevermind',
    'set aside',
    'setting aside',
    'stop following',
    'throw out',
    'discard',
    "don't answer",
    "don't respond",
    "don't reply",
    'do not answer',
    'do not respond',
    'do not reply',
    'no need to',
    'regardless of',
    'irrespective of',
  ],
  de: [
    'ignorier',
    'vergiss',
    'vergessen sie',
    'missacht',
    'übergeh',
    'überspring',
    'beachte',
    'verwirf',
    'verwerfen sie',
    'außer kraft',
    'antworten sie',
    'beantworten sie',
    'unabhängig von',
    'ungeachtet',
  ],
  es: [
    'ignor',
    'olvid',
    'no hagas caso',
    'no haga caso',
    'caso omiso',
    'omit',
    'desestim',
    'por alto',
    'descart',
    'no respond',
    'no contest',
    'independientemente de',
    'sin importar',
  ],
  pt: ['ignor', 'esque', 'desconsider', 'não lig', 'passe por cima', 'descart'],
  fr: [
    'ignor',
    'oubli',
    'pas compte',
    'abstraction',
    'néglig',
    'outre',
    'faites fi',
    'fais fi',
    'ne répondez pas',
    'ne réponds pas',
    'indépendamment de',
    'que soi',
  ],
  it: ['ignor', 'dimentic', 'non considerare', 'non tenere conto', 'tralascia'],
  tr: ['yok say', 'yoksay', 'görmezden gel', 'unut', 'dikkate alma', 'dinleme'],
};

/** Scripts other than Latin that one of the languages is written in: a quick test of what to try. */
const SCRIPT: Record<string, RegExp> = {
  zh: /\p{Script=Han}/u,
  ja: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u,
  ko: /\p{Script=Hangul}/u,
  ru: /\p{Script=Cyrillic}/u,
  ar: /\p{Script=Arabic}/u,
  hi: /\p{Script=Devanagari}/u,
  bn: /\p{Script=Bengali}/u,
};

/** The part of `text` around [start, end), `near` characters either side. */
function around(text: string, start: number, end: number, near: number): string {
  return text.slice(Math.max(0, start - near), Math.min(text.length, end + near));
}

/**
 * Overrides in one variant: a verb of ignoring with a reference to what came before and a noun of
 * instructions or questions near it ('high'), or with an order to output something directly near
 * it ('high'); an order to output directly after a question, with nothing overridden, is only
 * 'low' (a user may well want just the answer).
 */
export function findMultilingualOverrides(variant: TextVariant): Finding[] {
  const text = variant.raw;
  if (text.length === 0) return [];
  const found: Finding[] = [];
  let lower: string | null = null;
  const quoted = /["“”«»「」『』']/u.test(text);
  for (const language of compiled) {
    const script = SCRIPT[language.code];
    const stems = LATIN_STEMS[language.code];
    if (stems) {
      lower ??= text.toLowerCase();
      const lowered = lower;
      if (!stems.some((stem) => lowered.includes(stem))) continue;
    } else if ((script && !script.test(text)) || !language.quick.test(text)) continue;
    language.ignore.lastIndex = 0;
    let count = 0;
    let seen = 0;
    for (let m = language.ignore.exec(text); m && count < 3 && seen++ < MAX_VERBS; m = language.ignore.exec(text)) {
      const start = m.index;
      const end = m.index + m[0].length;
      const context = around(text, start, end, NEAR);
      // Quoted ("what is an 'ignore previous instructions' attack?"): talked about, not said.
      const lineStart = Math.max(text.lastIndexOf('\n', start) + 1, start - 400);
      const quotesBefore = quoted ? (text.slice(lineStart, start).match(QUOTES) ?? []).length : 0;
      if (quotesBefore % 2 === 1) continue;
      let severity: Severity;
      let message: string;
      language.output.lastIndex = 0;
      const after = text.slice(end, Math.min(text.length, end + NEAR * 2));
      if (language.output.test(after)) {
        // "Ignore my question and just output: …" hijacks the prompt whoever's words are ignored.
        severity = 'high';
        message = 'Tells the model to ignore what it was asked and output something else';
      } else {
        if (!language.before.test(context) || !language.thing.test(context)) continue;
        // The user's own words taken back, a question about a tool, or a tool made to ignore.
        const sentenceEnd = text.slice(end).search(/[.!?\n]/);
        const sentenceClose = sentenceEnd < 0 ? '' : (text[end + sentenceEnd] ?? '');
        const lead = text.slice(Math.max(0, start - 120), start);
        if (OWN_WORDS.test(context) || (sentenceClose === '?' && QUESTION.test(lead)) || TOOL_IGNORES.test(lead))
          continue;
        severity = 'high';
        message = 'Tells the model to ignore its earlier instructions';
      }
      found.push({
        type: 'instruction_override',
        severity,
        message: `${message} (${LANGUAGE_NAMES[language.code] ?? language.code})`,
        ...variant.toOriginal(start, end),
        decodedFrom: variant.decodedFrom,
      });
      count++;
    }
  }
  AUTHORITY.lastIndex = 0;
  const authority = AUTHORITY.exec(text);
  if (authority) {
    found.push({
      type: 'instruction_override',
      severity: 'medium',
      message: 'Claims authority over the model, tells it to ignore the material, or asks for hateful text',
      ...variant.toOriginal(authority.index, authority.index + authority[0].length),
      decodedFrom: variant.decodedFrom,
    });
  }
  NO_EXTRAS.lastIndex = 0;
  const extras = NO_EXTRAS.exec(text);
  if (extras) {
    const end = extras.index + extras[0].length;
    // …followed by what to say: a colon (also the full-width one) or a quotation.
    if (/[:：«“"「]/u.test(text.slice(end, Math.min(text.length, end + 160)))) {
      found.push({
        type: 'instruction_override',
        severity: 'medium',
        message: 'Tells the model to say one fixed thing and nothing else',
        ...variant.toOriginal(extras.index, end),
        decodedFrom: variant.decodedFrom,
      });
    }
  }
  return found;
}
