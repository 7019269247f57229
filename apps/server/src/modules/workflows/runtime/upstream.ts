import { capitalise, collapse, fold, splitSentences } from './text.js';

/**
 * In a flow, a node's input is usually the previous agent's output: markdown with `## Section`
 * headings, bullets and numbered items, and the offline templates' own phrasing ('Given the change
 * is in place, when …', 'Implement: …', 'None named in the text.'). Read as prose, the headings and
 * that phrasing became content ('summary Our goal is …', a tagline 'Given. Change. Place.'). This
 * reads such text back into sentences: headings and list markers gone, each item a sentence, the
 * templates' phrasing unwrapped to what it says, placeholders, hashtags, citation marks and the
 * sources list left out, and a sentence said twice (a brief repeats its summary in its sections)
 * kept once. Plain text (no headings, no list) comes back as it was; fenced code is kept as it is.
 */
export interface UpstreamText {
  /** The text as prose, for the templates. */
  prose: string;
  /** Each section's sentences, by its heading folded to lower case ('next steps'); '' before any heading. */
  sections: Map<string, string[]>;
  /** Whether the text had headings or list items (it was read, not passed through). */
  structured: boolean;
}

const heading = /^ {0,3}#{1,6}[ \t]+(\S.*)$/;
/** A heading's text without its closing hashes ('## Tasks ##'); a loop, not a regex, so a long run of spaces stays linear. */
function headingText(line: string): string | undefined {
  const text = heading.exec(line)?.[1];
  if (text === undefined) return undefined;
  let end = text.length;
  while (end > 0 && ' \t#'.includes(text.charAt(end - 1))) end -= 1;
  return text.slice(0, end) || text;
}
const listItem = /^\s*(?:[-*+•]|\d{1,3}[.)])\s+(.+)$/;
const fence = /^\s*(```|~~~)/;
/** Sections that carry no content of their own: a list of sources, key words, metadata of code. */
const skippedSections = new Set(['sources', 'hashtags', 'tagline', 'code notes']);

/** The templates' placeholders and counters: nothing a next agent should read as content. */
const placeholders = [
  /^none named in the text\.?$/i,
  /^none stated\b/i,
  /^…and \d+ more$/i,
  /^…and one criterion for each other requirement/i,
  /^write tests for the acceptance criteria\.?$/i,
  /^cover the rest of the request\b/i,
  /^review the pasted code\b/i,
  /^\(the brief has no key word long enough for a hashtag\)$/i,
  /^needs detail: the request has \d+ words?\b/i,
  /^agree an owner and a mitigation for each risk above\.?$/i,
  /^set the objectives, each with a figure and a date\b/i,
];

/** 'Given the change is in place, when X, then Y.' and the other forms the development agent writes. */
function unwrapCriterion(sentence: string): string {
  const checked = /^given the change is in place, when it is checked, then "(.+)" is done\.?$/i.exec(sentence);
  if (checked?.[1]) return `${checked[1]}.`;
  const used = /^given the change is in place, when it is used, then (.+)$/i.exec(sentence);
  if (used?.[1]) return capitalise(used[1]);
  const when = /^given the change is in place, when (.+?), then (.+)$/i.exec(sentence);
  if (when?.[1] && when[2]) return `When ${when[1]}, ${when[2]}`;
  return sentence;
}

/** One item or paragraph made a sentence of its own. */
function tidy(text: string): string {
  let sentence = collapse(
    collapse(text)
      .replace(/ ?\[\d{1,3}\](?=[\s.,;:!?]|$)/g, '') // a rag answer's citation marks
      .replace(/(?:^|\s)#[\p{L}\p{N}_]+/gu, ' '), // hashtags
  );
  const derived = /^plan the work, with an owner and a date, for:\s*(.+)$/i.exec(sentence);
  if (derived?.[1]) sentence = capitalise(derived[1]);
  sentence = unwrapCriterion(sentence).replace(/^(?:implement|handle):\s+/i, '');
  sentence = capitalise(sentence);
  if (sentence && !/[.!?…:"')\]]$/.test(sentence)) sentence += '.';
  return sentence;
}

function isPlaceholder(sentence: string): boolean {
  return placeholders.some((pattern) => pattern.test(sentence));
}

/** Reads `input` (see UpstreamText); the sections named in `skip` (folded headings) are left out too. */
export function readUpstream(input: string, skip: readonly string[] = []): UpstreamText {
  const lines = input.split(/\r?\n/);
  const structured = lines.some((line) => heading.test(line) || listItem.test(line));
  const sections = new Map<string, string[]>();
  if (!structured) {
    sections.set('', [input]);
    return { prose: input, sections, structured: false };
  }
  // First every sentence with its section; then those of a skipped section are left out wherever
  // they are (a brief's summary repeats its risks when it has nothing else), the rest kept once.
  const entries: ({ section: string; sentence: string; key: string } | { code: string })[] = [];
  const skipped = new Set<string>();
  let section = '';
  let inFence = false;
  let paragraph: string[] = [];
  const add = (text: string) => {
    for (const part of splitSentences(text)) {
      const sentence = tidy(part);
      if (!sentence || isPlaceholder(sentence)) continue;
      const key = fold(sentence)
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim();
      if (!key) continue;
      if (skippedSections.has(section) || skip.includes(section)) skipped.add(key);
      else entries.push({ section, sentence, key });
    }
  };
  const endParagraph = () => {
    if (paragraph.length > 0) add(paragraph.join(' '));
    paragraph = [];
  };
  lines.forEach((line, index) => {
    if (fence.test(line)) {
      endParagraph();
      inFence = !inFence;
      entries.push({ code: line });
      return;
    }
    if (inFence) {
      entries.push({ code: line });
      return;
    }
    // The step's instructions, acknowledged on an output's first line: not the content.
    if (index === 0 && /^Instructions: /.test(line)) return;
    const title = headingText(line);
    if (title !== undefined) {
      endParagraph();
      section = fold(title).replace(/:$/, '');
      return;
    }
    if (/^Sources:$/.test(line.trim())) {
      endParagraph();
      section = 'sources';
      return;
    }
    const item = listItem.exec(line)?.[1];
    if (item !== undefined) {
      endParagraph();
      add(item);
      return;
    }
    if (line.trim() === '') {
      endParagraph();
      return;
    }
    paragraph.push(line.trim());
  });
  endParagraph();
  const out: string[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    if ('code' in entry) {
      out.push(entry.code);
      continue;
    }
    if (skipped.has(entry.key) || seen.has(entry.key)) continue;
    seen.add(entry.key);
    sections.set(entry.section, [...(sections.get(entry.section) ?? []), entry.sentence]);
    out.push(entry.sentence);
  }
  return { prose: out.join('\n'), sections, structured: true };
}
