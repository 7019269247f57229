import type { AgentType } from '@nuvem/contracts/workflows';
import { throwIfAborted } from './abort.js';
import type { AgentRuntime, Citation } from './agent-runtime.js';
import type { AgentAction } from './agents.js';
import type { RetrievedPassage, Retriever } from './bm25.js';
import {
  capitalise,
  collapse,
  countWords,
  cutAtWord,
  extractCodeBlocks,
  fold,
  hasWord,
  lowerFirst,
  singular,
  splitSentences,
  stopWords,
  tokenize,
  withoutFinalPunctuation,
} from './text.js';
import { quoteAsData } from './quoted-data.js';
import { readUpstream } from './upstream.js';

/** What one template makes of an input. */
export interface Draft {
  output: string;
  action: AgentAction;
  citations: Citation[];
}

export const INSTRUCTIONS_MAX_CHARS = 200;
/** The rag agent answers with at most this many sentences, each cut to SENTENCE_MAX_CHARS. */
const ANSWER_SENTENCES = 3;
const SENTENCE_MAX_CHARS = 400;
/** Bullets shown per section of a brief; more are counted, not listed. */
const SECTION_ITEMS = 8;
const TASKS = 10;
/** A development request shorter than this is marked `needs_detail`. */
export const DETAIL_MIN_WORDS = 8;
export const HEADLINE_MAX_CHARS = 70;
export const SOCIAL_POST_MAX_CHARS = 280;
export const HASHTAGS = 5;
/** Hashtags appended to the social post (the full list is its own section). */
const POST_HASHTAGS = 3;

// Cue words, matched on folded text (lower case, no diacritics), so Portuguese works with or without accents.
const riskCue =
  /\b(?:risks?|risky|issues?|problems?|delays?|delayed|late|costs?|costly|expensive|budget|overruns?|blockers?|blocked|concerns?|threats?|depends? on|dependenc(?:y|ies)|shortages?|fail(?:s|ed|ure|ures)?|churn|penalt(?:y|ies)|riscos?|problemas?|atrasos?|atrasad[oa]s?|custos?|caro|cara|orcamento|bloqueios?|bloquead[oa]s?|ameacas?|falhas?|preocupac(?:ao|oes)|dependencias?)\b/;
const objectiveCue =
  /\b(?:goals?|objectives?|aims?|aim to|targets?|should|increase|grow|growth|improve|reduce|achieve|reach|want|wants|expand|boost|double|kpis?|okrs?|objetivos?|metas?|aumentar|crescer|crescimento|melhorar|reduzir|atingir|alcancar|queremos|devemos|deve|deveria|duplicar)\b/;
const nextStepCue =
  /\b(?:we will|we'll|we are going to|we're going to|we must|need to|needs to|let's|let us|next step|next steps|action items?|follow up|vamos|iremos|precisamos|temos de|temos que|proximo passo|proximos passos)\b/;

/** Verbs that, first in a sentence, make it an instruction ('Send the offer to the client'). */
const actionVerbs = new Set(
  `add arrange ask assign book build call check choose collect confirm contact create decide define deliver deploy
  design document draft email ensure introduce launch estimate finalise finalize find fix follow gather hire implement interview invite
  list make measure meet migrate monitor move negotiate order organise organize plan prepare present prioritise
  prioritize publish release remove replace request research review run schedule send set share ship sign start stop
  submit talk test track train update upgrade validate verify write
  adicionar adicione agendar agende contactar contacte contratar contrate criar crie definir defina enviar envie
  fazer faca implementar implemente marcar marque preparar publicar publique rever reveja testar validar valide
  atualizar atualize verificar verifique escrever escreva documentar documente`.split(/\s+/),
);
/** ...and for a development request, the verbs of software changes as well. */
const changeVerbs = new Set([
  ...actionVerbs,
  ...`allow enable support show display store save load export import integrate configure provide refactor optimise
  optimize handle log notify sort filter search rename delete edit upload download cache limit restrict protect
  secure encrypt translate convert generate calculate compute improve reduce increase let replace redirect rewrite
  grow double expand boost reach achieve
  permitir permita mostrar mostre guardar guarde exportar exporte importar importe melhorar melhore`.split(/\s+/),
]);

function startsWithVerb(sentence: string, verbs: ReadonlySet<string>): boolean {
  const first = /^[\p{L}]+/u.exec(fold(sentence))?.[0];
  return first !== undefined && verbs.has(first);
}

/** Folded, with typographic apostrophes made plain so "we’ll" meets its cue. */
function cueText(sentence: string): string {
  return fold(sentence).replace(/[’‘]/g, "'");
}

/** A bullet list of at most SECTION_ITEMS items, saying how many more there were. */
function bullets(items: string[], empty: string): string {
  if (items.length === 0) return `- ${empty}`;
  const shown = items.slice(0, SECTION_ITEMS).map((item) => `- ${item}`);
  if (items.length > SECTION_ITEMS) shown.push(`- …and ${String(items.length - SECTION_ITEMS)} more`);
  return shown.join('\n');
}

function numbered(items: string[]): string {
  return items.map((item, index) => `${String(index + 1)}. ${item}`).join('\n');
}

/** The sentences of the prose of an input (fenced code left out). */
function proseSentences(input: string): string[] {
  return splitSentences(extractCodeBlocks(input).prose);
}

// rag

/**
 * An extractive answer: the sentences of the retrieved passages that share the most terms with the
 * question (at most ANSWER_SENTENCES, in the order they come in the passages), each followed by the
 * number of its passage, then the list of sources. A passage found by its document's title alone
 * gives its first sentence.
 */
export function knowledgeAnswer(question: string, passages: readonly RetrievedPassage[]): Draft {
  if (countWords(question) === 0) {
    return {
      output:
        'No question was given. Ask something your knowledge base covers, and the answer will quote the passages it comes from.',
      action: 'not_found',
      citations: [],
    };
  }
  if (passages.length === 0) {
    return {
      output: [
        `The knowledge base holds nothing on "${cutAtWord(collapse(question), 120)}".`,
        'Add documents that cover it in the Knowledge tab (paste their text with a title), then run the flow again.',
      ].join(' '),
      action: 'not_found',
      citations: [],
    };
  }
  const wanted = new Set(tokenize(question));
  const candidates: { source: number; position: number; overlap: number; text: string }[] = [];
  passages.forEach((passage, source) => {
    splitSentences(passage.text).forEach((text, position) => {
      const overlap = new Set(tokenize(text).filter((term) => wanted.has(term))).size;
      if (overlap > 0) candidates.push({ source, position, overlap, text });
    });
  });
  const byReadingOrder = (a: { source: number; position: number }, b: { source: number; position: number }) =>
    a.source - b.source || a.position - b.position;
  let chosen = [...candidates]
    .sort((a, b) => b.overlap - a.overlap || byReadingOrder(a, b))
    .slice(0, ANSWER_SENTENCES)
    .sort(byReadingOrder);
  if (chosen.length === 0) {
    const first = splitSentences(passages[0]?.text ?? '')[0] ?? '';
    chosen = [{ source: 0, position: 0, overlap: 0, text: first }];
  }
  const cut = (sentence: { text: string }) => cutAtWord(sentence.text, SENTENCE_MAX_CHARS);
  // A flagged passage's sentences are quoted as data, one block per passage, after the rest.
  const answer = chosen
    .filter((sentence) => !passages[sentence.source]?.flagged)
    .map((sentence) => `${cut(sentence)} [${String(sentence.source + 1)}]`);
  const quoted = passages.flatMap((passage, source) => {
    const sentences = chosen.filter((sentence) => sentence.source === source);
    if (!passage.flagged || sentences.length === 0) return [];
    const what = `a passage of "${passage.title}" [${String(source + 1)}]`;
    return [quoteAsData(sentences.map(cut).join(' '), what)];
  });
  const sources = passages.map(
    (passage, index) =>
      `[${String(index + 1)}] ${passage.title}${passage.flagged ? ' (flagged by the AI security layer)' : ''}`,
  );
  const body = [answer.join(' '), ...quoted].filter(Boolean).join('\n\n');
  return {
    output: `${body}\n\nSources:\n${sources.join('\n')}`,
    action: 'answered',
    citations: passages.map(citationOf),
  };
}

/** What a citation shows of a retrieved passage (`flagged` only when it is). */
export function citationOf(passage: RetrievedPassage): Citation {
  const { document_id, title, excerpt } = passage;
  return passage.flagged ? { document_id, title, excerpt, flagged: true } : { document_id, title, excerpt };
}

// business

/** Next steps when the text gives none: one per objective (up to three), one for the risks, else a call to set objectives. */
function derivedSteps(objectives: string[], risks: string[]): string[] {
  const steps = objectives
    .slice(0, 3)
    .map(
      (objective) => `Plan the work, with an owner and a date, for: ${lowerFirst(withoutFinalPunctuation(objective))}.`,
    );
  if (risks.length > 0) steps.push('Agree an owner and a mitigation for each risk above.');
  return steps.length > 0 ? steps : ['Set the objectives, each with a figure and a date, and review this brief again.'];
}

/**
 * A brief: each sentence goes to one section, by the first rule that matches: a risk cue -> Risks
 * (checked first, so a risk is never missed by the approve/review suggestion), an instruction or a
 * commitment -> Next steps, an objective cue -> Objectives, else Summary.
 */
export function businessBrief(input: string): Draft {
  const sentences = proseSentences(readUpstream(input).prose);
  if (sentences.length === 0) {
    return {
      output:
        'No text was given. Paste the proposal or the notes to analyse: what is planned, what it should achieve, what could go wrong and what happens next.',
      action: 'review',
      citations: [],
    };
  }
  const summary: string[] = [];
  const objectives: string[] = [];
  const risks: string[] = [];
  const steps: string[] = [];
  for (const sentence of sentences) {
    const cues = cueText(sentence);
    if (riskCue.test(cues)) risks.push(sentence);
    else if (startsWithVerb(sentence, actionVerbs) || nextStepCue.test(cues)) steps.push(capitalise(sentence));
    else if (objectiveCue.test(cues)) objectives.push(sentence);
    else summary.push(sentence);
  }
  if (steps.length === 0) steps.push(...derivedSteps(objectives, risks));
  const shownSteps = steps.slice(0, SECTION_ITEMS);
  if (steps.length > SECTION_ITEMS) shownSteps.push(`…and ${String(steps.length - SECTION_ITEMS)} more`);
  const output = [
    '## Summary',
    (summary.length > 0 ? summary : sentences).slice(0, 3).join(' '),
    '',
    '## Objectives',
    bullets(objectives, 'None stated: say what success looks like, with a figure and a date.'),
    '',
    '## Risks',
    bullets(risks, 'None named in the text.'),
    '',
    '## Next steps',
    numbered(shownSteps),
  ].join('\n');
  return { output, action: risks.length > 0 ? 'review' : 'approve', citations: [] };
}

// development

const roleWords =
  /\b(administrators?|admins?|managers?|developers?|customers?|clients?|guests?|visitors?|editors?|operators?|students?|teachers?|authors?|readers?|buyers?|sellers?|members?|owners?)\b/;

function storyRole(prose: string): string {
  const found = roleWords.exec(fold(prose))?.[1];
  if (!found) return 'user';
  return found.endsWith('ss') || !found.endsWith('s') ? found : found.slice(0, -1);
}

/** 'so that ...' / 'in order to ...' / 'because ...': the goal and the reason of a sentence. */
function splitReason(sentence: string): { goal: string; reason: string | null } {
  const match = /^(.*?),?\s+(so that|in order to|because)\s+(.+)$/i.exec(withoutFinalPunctuation(sentence));
  const goal = match?.[1]?.trim();
  if (!match || !goal) return { goal: withoutFinalPunctuation(sentence), reason: null };
  const rest = match[3] ?? '';
  const kind = (match[2] ?? '').toLowerCase();
  return { goal, reason: kind === 'in order to' ? `so that I can ${rest}` : `${kind} ${rest}` };
}

/** Who a request's first sentence may start with: 'we', 'I', or the people the story is for. */
const storySubject =
  '(?:we|i|people|(?:the |our |all )?(?:users?|customers?|clients?|managers?|admins?|administrators?|developers?|visitors?|guests?|editors?|operators?|students?|teachers?|members?|owners?|buyers?|sellers?|readers?|authors?))';
const needsTo = new RegExp(
  `^${storySubject}\\s+(?:needs?|wants?|would like|wish|must be able|should be able|needs? to be able)\\s+to\\s+(.+)$`,
  'i',
);
const wantsThing = /^(?:we|i)\s+(?:need|want|would like)\s+(.+)$/i;
const canDo = new RegExp(`^${storySubject}\\s+(?:can|could|should|must|will|may)\\s+(.+)$`, 'i');
const productShould =
  /^(?:the |our |this )?(system|app|application|api|service|site|website|page|tool|platform|dashboard|server|backend|frontend|form|report|it)\s+(?:should|must|needs? to|has to|will|shall)\s+(.+)$/i;

/**
 * A goal or a commitment said as the change itself: 'Our goal is to increase sign-ups' -> 'Increase
 * sign-ups', 'We will launch a page' -> 'Launch a page' (a brief's sentences, read by the next agent).
 */
export function statedAction(sentence: string): string {
  const rest = sentence
    .replace(
      /^(?:our|the|my|their) (?:main |first )?(?:goal|aim|objective|target|plan|priority) (?:is|are|will be) to\s+/i,
      '',
    )
    .replace(/^(?:we|i)\s+(?:will|shall|'ll|’ll|must|should|are going to|am going to|plan to|aim to)\s+/i, '');
  return rest === sentence ? sentence : capitalise(rest);
}

/** What follows 'I want' in the story, made from the request's first sentence. */
function wantClause(goal: string): string {
  const text = statedAction(goal.replace(/^(?:please|kindly)\s+/i, ''));
  let match = needsTo.exec(text);
  if (match?.[1]) return `to ${match[1]}`;
  match = wantsThing.exec(text);
  if (match?.[1]) return match[1];
  match = canDo.exec(text);
  if (match?.[1]) return `to be able to ${match[1]}`;
  match = productShould.exec(text);
  if (match?.[1] && match[2]) {
    const subject = match[1].toLowerCase();
    return `${subject === 'it' ? 'it' : `the ${subject}`} to ${match[2]}`;
  }
  if (startsWithVerb(text, changeVerbs)) return `to ${lowerFirst(text)}`;
  return `this addressed: ${lowerFirst(text)}`;
}

function userStory(sentences: string[], prose: string): string {
  const first = sentences[0];
  if (first === undefined) return 'As a developer, I want the pasted code reviewed.';
  if (/^as an?\s/i.test(first)) return first;
  const { goal, reason } = splitReason(first);
  const laterReason =
    reason ??
    sentences
      .slice(1)
      .map((sentence) => /\bso that\s.+$/i.exec(withoutFinalPunctuation(sentence))?.[0])
      .find((found) => found !== undefined);
  const role = storyRole(prose);
  const article = /^[aeio]/.test(role) ? 'an' : 'a';
  return `As ${article} ${role}, I want ${wantClause(goal)}${laterReason ? `, ${laterReason}` : ''}.`;
}

// 'When the list is empty, show a hint': a comma followed by a space, so '10,000' does not end the condition.
const conditional = /^(?:when|if|once|after|whenever|quando|se)\s+(.+?)(?:,\s+(?:then\s+)?|\s+then\s+)(.+)$/i;

function criterion(sentence: string): string {
  const text = statedAction(withoutFinalPunctuation(sentence));
  const match = conditional.exec(text);
  if (match?.[1] && match[2]) return `Given the change is in place, when ${match[1]}, then ${match[2]}.`;
  if (startsWithVerb(text, changeVerbs))
    return `Given the change is in place, when it is checked, then "${capitalise(text)}" is done.`;
  return `Given the change is in place, when it is used, then ${lowerFirst(text)}.`;
}

/** A sentence's clauses: split at ';', 'and then' and at 'and' when a verb follows ('add a button and log the click'). */
function clauses(sentence: string): string[] {
  const parts: string[] = [];
  for (const part of withoutFinalPunctuation(sentence).split(/\s*;\s*|,?\s+and then\s+/i)) {
    let start = 0;
    for (const match of part.matchAll(/,?\s+(?:and|e)\s+(?=(\p{L}+))/giu)) {
      if (!changeVerbs.has(fold(match[1] ?? ''))) continue;
      parts.push(part.slice(start, match.index));
      start = match.index + match[0].length;
    }
    parts.push(part.slice(start));
  }
  return parts.map((part) => part.trim()).filter(hasWord);
}

function task(stated: string): string {
  const clause = statedAction(stated);
  if (startsWithVerb(clause, changeVerbs)) return capitalise(clause);
  if (conditional.test(clause)) return `Handle: ${lowerFirst(clause)}`;
  return `Implement: ${lowerFirst(clause)}`;
}

/**
 * A work item: a user story from the first sentence, one Given/When/Then criterion per sentence,
 * one task per clause, notes on fenced code. Fewer than DETAIL_MIN_WORDS words of prose ->
 * `needs_detail`.
 */
export function developmentPlan(input: string): Draft {
  // A brief's risks are not requirements: the plan is made from the rest.
  const { prose, blocks } = extractCodeBlocks(readUpstream(input, ['risks']).prose);
  const sentences = splitSentences(prose);
  if (sentences.length === 0 && blocks.length === 0) {
    return {
      output:
        'No request was given. Describe the feature or the change: who it is for, what they should be able to do and what should happen. Paste code in a ``` fenced block.',
      action: 'needs_detail',
      citations: [],
    };
  }
  // One requirement per clause, its reason ('so that ...') left to the story. Only as many are made
  // as are listed: a long request has hundreds of clauses, and the rest is only counted.
  const stated = sentences.filter((sentence) => !/^as an?\s/i.test(sentence));
  const requirements: string[] = [];
  let read = 0;
  while (read < stated.length && requirements.length <= TASKS) {
    requirements.push(...clauses(splitReason(stated[read] ?? '').goal));
    read += 1;
  }
  const unread = stated.length - read;
  const criteria = requirements.slice(0, SECTION_ITEMS).map((requirement) => `- ${criterion(requirement)}`);
  if (criteria.length === 0) {
    criteria.push(
      '- Given the change is in place, when a user does what the story describes, then it works with no error.',
    );
  }
  if (requirements.length > SECTION_ITEMS || unread > 0) {
    criteria.push('- …and one criterion for each other requirement of the request.');
  }
  const tasks = requirements.slice(0, TASKS).map(task);
  if (requirements.length > TASKS || unread > 0) {
    tasks.push(
      unread > 0
        ? `Cover the rest of the request (${String(unread)} more ${unread === 1 ? 'sentence' : 'sentences'}).`
        : 'Cover the rest of the request.',
    );
  }
  if (blocks.length > 0) {
    tasks.push(`Review the pasted code (${blocks.length === 1 ? 'one block' : `${String(blocks.length)} blocks`}).`);
  }
  tasks.push('Write tests for the acceptance criteria.');
  const sections = [
    '## User story',
    userStory(sentences, prose),
    '',
    '## Acceptance criteria',
    ...criteria,
    '',
    '## Tasks',
    numbered(tasks),
  ];
  if (blocks.length > 0) {
    const notes = blocks.map((block, index) => {
      const lines = block.lines.length - trailingBlank(block.lines);
      return `- Block ${String(index + 1)}: ${block.language || 'language not stated'}, ${String(lines)} ${lines === 1 ? 'line' : 'lines'}`;
    });
    sections.push('', '## Code notes', ...notes);
  }
  const words = countWords(prose);
  const action = words < DETAIL_MIN_WORDS ? 'needs_detail' : 'ready';
  if (action === 'needs_detail') {
    sections.push(
      '',
      `Needs detail: the request has ${String(words)} ${words === 1 ? 'word' : 'words'}. Say who it is for, what they should be able to do and what should happen, so the criteria and tasks can be specific.`,
    );
  }
  return { output: sections.join('\n'), action, citations: [] };
}

function trailingBlank(lines: string[]): number {
  let count = 0;
  for (let index = lines.length - 1; index >= 0 && (lines[index] ?? '').trim() === ''; index -= 1) count += 1;
  return count;
}

// marketing

/** Words of plans and requests, not of what is offered: never a tagline word or a hashtag. */
const planWords = new Set(
  `goal aim objective target quarter increase decrease improve reduce want need able user story plan new objetivo meta
  trimestre aumentar reduzir melhorar`.split(/\s+/),
);

/** The input's key words by frequency (plurals counted with their singular), first seen first on ties. */
export function keywords(prose: string, limit: number): string[] {
  const counts = new Map<string, { word: string; count: number; first: number }>();
  // Each distinct word is folded once: a long brief repeats its words many times.
  const keys = new Map<string, string | null>();
  let position = 0;
  for (const match of prose.matchAll(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu)) {
    position += 1;
    const word = match[0];
    let key = keys.get(word);
    if (key === undefined) {
      const folded = fold(word);
      key =
        folded.length < 3 || stopWords.has(folded) || planWords.has(singular(folded)) || /^[\d-]+$/.test(folded)
          ? null
          : folded.split('-').map(singular).join('-');
      keys.set(word, key);
    }
    if (key === null) continue;
    const entry = counts.get(key);
    if (entry) entry.count += 1;
    else counts.set(key, { word, count: 1, first: position });
  }
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || a.first - b.first)
    .slice(0, limit)
    .map((entry) => entry.word);
}

/** 'open-source' -> 'OpenSource', 'cloud' -> 'Cloud'; the rest of each part is kept ('API', 'iOS' -> 'IOS'). */
function camelCase(word: string): string {
  return word.split('-').map(capitalise).join('');
}

/**
 * A user story told to the people it is for: 'As a manager, I want to export reports, so that I can
 * share them.' -> 'Export reports, so that you can share them.' Other sentences are kept.
 */
export function storyAsBenefit(sentence: string): string {
  const story =
    /^as an? [^,]+,\s*i want (?:this addressed:\s*)?(?:to )?(.+?)(?:,?\s+((?:so that|because)\s.+))?$/i.exec(
      withoutFinalPunctuation(sentence),
    );
  if (!story?.[1]) return sentence;
  const reason = story[2]
    ?.replace(/\bI\b/g, 'you')
    .replace(/\bmy\b/gi, 'your')
    .replace(/\bme\b/gi, 'you');
  return `${capitalise(story[1])}${reason ? `, ${reason}` : ''}.`;
}

/**
 * A draft: the first sentence as the headline, the top three key words as the tagline, the first
 * sentences that fit as the social post (with three hashtags), the top five key words as hashtags.
 */
export function marketingDraft(input: string): Draft {
  // From a plan, what it gives users (its story), not its criteria and tasks; from a brief, not its risks.
  const upstream = readUpstream(input, ['risks', 'acceptance criteria', 'tasks']);
  const prose = extractCodeBlocks(upstream.prose).prose;
  const sentences = splitSentences(prose).map(storyAsBenefit);
  const first = sentences[0];
  if (first === undefined) {
    return {
      output:
        'No brief was given. Describe the product or the event, who it is for and the one thing they should remember; the draft will have a headline, a tagline, a social post and hashtags.',
      action: 'draft',
      citations: [],
    };
  }
  const words = keywords(sentences.join(' '), HASHTAGS);
  const hashtags = words.map((word) => `#${camelCase(word)}`);
  const headline = capitalise(cutAtWord(withoutFinalPunctuation(first), HEADLINE_MAX_CHARS));
  const tagline =
    words.length > 0
      ? words
          .slice(0, 3)
          .map((word) => `${capitalise(word)}.`)
          .join(' ')
      : `${headline}.`;
  const postTags = hashtags.slice(0, POST_HASHTAGS).join(' ');
  const room = SOCIAL_POST_MAX_CHARS - (postTags ? postTags.length + 2 : 0);
  let body = '';
  for (const sentence of sentences) {
    const next = body ? `${body} ${sentence}` : sentence;
    if (next.length > room) break;
    body = next;
  }
  if (!body) body = cutAtWord(first, room);
  const post = postTags ? `${body}\n\n${postTags}` : body;
  const output = [
    '## Headline',
    headline,
    '',
    '## Tagline',
    tagline,
    '',
    '## Social post',
    post,
    '',
    '## Hashtags',
    hashtags.length > 0 ? hashtags.join(' ') : '(the brief has no key word long enough for a hashtag)',
  ].join('\n');
  return { output, action: 'draft', citations: [] };
}

/** The step's instructions, acknowledged on the first line (the offline templates do not follow free text). */
export function withInstructions(output: string, instructions: string | undefined): string {
  const text = collapse(instructions ?? '');
  if (!text) return output;
  return `Instructions: ${cutAtWord(text, INSTRUCTIONS_MAX_CHARS)}\n\n${output}`;
}

const templates: Record<Exclude<AgentType, 'rag'>, (input: string) => Draft> = {
  business: businessBrief,
  development: developmentPlan,
  marketing: marketingDraft,
};

/**
 * The `offline` driver: no model, deterministic templates (the same input gives the same output;
 * no clock, no randomness). The rag agent retrieves from the user's knowledge base with BM25 and
 * answers extractively. Always healthy; uses no tokens. In a chat the templates read the new
 * message only: they cannot follow a conversation, and an earlier turn run through a template would
 * come back quoted in the reply (a model gets the history; see the `llm` driver).
 */
export function createOfflineRuntime({ retriever }: { retriever: Retriever }): AgentRuntime {
  return {
    driver: 'offline',
    model: null,
    async call({ agent, userId, input, instructions, signal, onDelta }) {
      throwIfAborted(signal);
      let draft: Draft;
      if (agent.type === 'rag') {
        const passages = countWords(input) > 0 ? await retriever.retrieve(userId, input, 3) : [];
        draft = knowledgeAnswer(input, passages);
      } else {
        draft = templates[agent.type](input);
      }
      throwIfAborted(signal);
      const output = withInstructions(draft.output, instructions);
      onDelta?.(output);
      return { output, action: draft.action, citations: draft.citations, tokens: 0 };
    },
    async health() {
      return { ok: true };
    },
  };
}
