/**
 * Text helpers the agent drivers share: one tokeniser (so the retriever, the rag agent's sentence
 * picking and the marketing keywords agree on what a word is), sentence splitting and cutting on
 * word boundaries.
 */
import { foldAccents } from '@nuvem/contracts/text';

/**
 * Small English and Portuguese stop-word lists, written without diacritics because tokens are
 * compared after NFKD folding. Small on purpose: BM25's idf already discounts common words, and a
 * long list would drop words that matter in short queries.
 */
const englishStopWords = `
  a about after all also an and any are as at be been being but by can could did do does each for from
  had has have he her here his how i if in into is it its just may me might more most my no not of off
  on only or other our out over own she should so some such than that the their them then there these
  they this those to too up us very was we were what when where which who whom why will with would you
  your now yet still even ever again both
`;
const portugueseStopWords = `
  ao aos apos aquela aquele aquilo as ate cada com como da das de do dos e ela elas ele eles em entre
  era essa esse isso esta estas este estes eu foi ha isto ja lhe mais mas meu minha muito na nao nas
  nem no nos nossa nosso o onde os ou para pela pelas pelo pelos por porque pra qual quais quando que
  quem sao se sem ser seu seus so sobre sua suas tambem te toda todas todo todos tu um uma umas uns
  voce voces agora ainda
`;
export const stopWords: ReadonlySet<string> = new Set(
  `${englishStopWords} ${portugueseStopWords}`.split(/\s+/).filter(Boolean),
);

/** Lower case without diacritics: 'Configuração' -> 'configuracao'. */
export function fold(text: string): string {
  const lower = text.toLowerCase();
  // Plain ASCII (and white space) has nothing to decompose: the common case skips the costly normalisation.
  if (!/[^ -~\s]/.test(lower)) return lower;
  // Lower case first: some capitals fold to a letter and a combining mark ('İ' -> 'i̇').
  return foldAccents(lower);
}

/**
 * A light plural strip instead of a stemmer: it only has to map a word and its plural to the same
 * token, the same way for documents and queries, in both languages ('policies' -> 'policy',
 * 'configuracoes' -> 'configuracao', 'servers' -> 'server'). Words in -ss, -us and -is keep their s
 * ('class', 'status', 'analysis').
 */
export function singular(token: string): string {
  if (token.length <= 3 || !token.endsWith('s')) return token;
  if (token.endsWith('ies') && token.length > 4) return `${token.slice(0, -3)}y`;
  if (token.endsWith('oes') && token.length > 5) return `${token.slice(0, -3)}ao`;
  if (token.endsWith('ss') || token.endsWith('us') || token.endsWith('is')) return token;
  return token.slice(0, -1);
}

const wordPattern = /[\p{L}\p{N}]+/gu;

/** The index terms of a text: folded words (letters and digits), stop words dropped, plurals stripped. */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const match of fold(text).matchAll(wordPattern)) {
    const word = match[0];
    if (!stopWords.has(word)) tokens.push(singular(word));
  }
  return tokens;
}

/** How many words (runs of letters and digits) a text has. */
export function countWords(text: string): number {
  return text.match(wordPattern)?.length ?? 0;
}

/** Whether a text has any word at all (cheaper than counting them). */
export function hasWord(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

/** One line: runs of white space (new lines included) become one space. */
export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * At most `max` characters, cut at the last word boundary and ended with '…' when anything was cut.
 * A text with no space in reach (a long URL) is cut where it must be, never inside a surrogate pair.
 */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  // Unless the cut falls just before a space, the last word is partial: go back to the space before it.
  const space = cut.lastIndexOf(' ');
  if (!/\s/.test(text.charAt(max - 1)) && space > max * 0.5) cut = cut.slice(0, space);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return `${cut.replace(/[\s,;:.–—-]+$/u, '')}…`;
}

/** Bullets ('- ', '* ', '1. ', '2) ') and Markdown headings ('## ') that start a line. */
const lineMarker = /^\s*(?:[-*•+]\s+|\d{1,3}[.)]\s+|#{1,6}\s+)/u;

/**
 * Fenced code blocks (```lang ... ```) taken out of a text: the prose left, and each block's
 * language (the fence's info string) and lines. An unclosed fence runs to the end of the text.
 */
export function extractCodeBlocks(text: string): { prose: string; blocks: { language: string; lines: string[] }[] } {
  const prose: string[] = [];
  const blocks: { language: string; lines: string[] }[] = [];
  let open: { language: string; lines: string[] } | null = null;
  for (const line of text.split(/\r\n|\r|\n/)) {
    const fence = /^\s*```+\s*([^\s`]*)/.exec(line);
    if (open) {
      if (fence && line.trim().replace(/`/g, '') === '') {
        blocks.push(open);
        open = null;
      } else {
        open.lines.push(line);
      }
    } else if (fence) {
      open = { language: fence[1]?.toLowerCase() ?? '', lines: [] };
    } else {
      prose.push(line);
    }
  }
  if (open) blocks.push(open);
  return { prose: prose.join('\n'), blocks };
}

/**
 * The sentences of a text, in order. Paragraphs are split on blank lines; inside one, a line that
 * starts with a bullet or a heading starts a new sentence of its own (so a list reads as items), and
 * other lines continue the one before (hard-wrapped text). Then each block is split after . ! ? or …
 * when the next word starts with a capital letter or a digit, which keeps 'e.g. this' together.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const block of sentenceBlocks(text)) sentencesOfBlock(block, sentences);
  return sentences;
}

/**
 * `splitSentences` as steps, for a caller indexing a long document that gives the event loop a turn
 * between them: each step is one pass over the text or over one of its blocks.
 */
export function* splitSentencesSteps(text: string): Generator<void, string[], void> {
  const blocks = sentenceBlocks(text);
  yield;
  const sentences: string[] = [];
  for (const block of blocks) {
    sentencesOfBlock(block, sentences);
    yield;
  }
  return sentences;
}

/** The paragraphs of a text, a bulleted or headed line starting a block of its own, other lines joined. */
function sentenceBlocks(text: string): string[] {
  const blocks: string[] = [];
  for (const paragraph of text.split(/(?:\r\n|\r|\n)[^\S\r\n]*(?:\r\n|\r|\n)/)) {
    let current = '';
    for (const line of paragraph.split(/\r\n|\r|\n/)) {
      const marker = lineMarker.exec(line);
      if (marker) {
        if (current.trim()) blocks.push(current);
        current = line.slice(marker[0].length);
      } else {
        current += ` ${line}`;
      }
    }
    if (current.trim()) blocks.push(current);
  }
  return blocks;
}

function sentencesOfBlock(block: string, sentences: string[]): void {
  for (const sentence of collapse(block).split(/(?<=[.!?…])\s+(?=["'“‘([]?[\p{Lu}\p{N}])/u)) {
    if (/[\p{L}\p{N}]/u.test(sentence)) sentences.push(sentence);
  }
}

/** Runs steps (a generator that yields between bounded pieces of work) to the end, at once. */
export function runSteps<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** A sentence without its closing punctuation, to be put inside another sentence. */
export function withoutFinalPunctuation(sentence: string): string {
  // A loop, not /[...]+$/: that regex tries every run of spaces in the sentence before the last.
  let end = sentence.length;
  while (end > 0 && ' \t\n\r.!?…;:,'.includes(sentence.charAt(end - 1))) end -= 1;
  return sentence.slice(0, end);
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Lower-cases the first letter unless the first word looks like a name or an acronym ('API', 'GitHub'). */
export function lowerFirst(text: string): string {
  const first = /^\S+/.exec(text)?.[0] ?? '';
  if (/\p{Lu}.*\p{Lu}/u.test(first) || /\d/.test(first)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}
