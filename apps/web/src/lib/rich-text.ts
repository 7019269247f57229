// The markdown-ish text the agents write (headings, bold, kept line breaks) as blocks to render
// as React text, never as HTML: the chat's answers and a workflow run's step outputs.

/** A run of an answer's text: bold (`**…**`) or plain. */
export interface TextRun {
  text: string;
  bold: boolean;
}

/**
 * A block of an answer: a heading line ('## Summary'), lines of text kept as they were broken, or
 * code between ``` fences (kept exactly, in a fixed-width font).
 */
export type AnswerBlock =
  { kind: 'heading'; runs: TextRun[] } | { kind: 'text'; runs: TextRun[] } | { kind: 'code'; text: string };

/** The text of a '# ' to '###### ' heading line, or null; linear in the line's length. */
function headingText(line: string): string | null {
  const match = /^ {0,3}#{1,6}[ \t]/.exec(line);
  if (!match) return null;
  let text = line.slice(match[0].length).trim();
  // Closing hashes ('### Tasks ###') go, when a space stands before them (counted by hand: a
  // regular expression for it backtracks over long runs of hashes).
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end -= 1;
  if (end < text.length && (end === 0 || text[end - 1] === ' ' || text[end - 1] === '\t')) {
    text = text.slice(0, end).trimEnd();
  }
  return text;
}

/** '**Risks** first' -> [{Risks, bold}, {' first'}]; an unpaired '**' stays as typed. */
export function textRuns(text: string): TextRun[] {
  const runs: TextRun[] = [];
  const pattern = /\*\*(.+?)\*\*/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) runs.push({ text: text.slice(last, match.index), bold: false });
    runs.push({ text: match[1] ?? '', bold: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), bold: false });
  return runs;
}

/**
 * The markdown-ish text of an agent's answer as blocks: '# ' to '###### ' lines are headings;
 * other lines are kept with their breaks, blank lines ending a paragraph. Rendered as React text,
 * never as HTML.
 */
export function answerBlocks(output: string): AnswerBlock[] {
  const blocks: AnswerBlock[] = [];
  let paragraph: string[] = [];
  let code: string[] | null = null;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'text', runs: textRuns(paragraph.join('\n')) });
    paragraph = [];
  };
  for (const line of output.replace(/\r\n?/g, '\n').split('\n')) {
    const fence = /^ {0,3}```/.test(line);
    if (code) {
      if (fence) {
        blocks.push({ kind: 'code', text: code.join('\n') });
        code = null;
      } else code.push(line);
      continue;
    }
    if (fence) {
      flush();
      code = [];
      continue;
    }
    const heading = headingText(line);
    if (heading !== null) {
      flush();
      blocks.push({ kind: 'heading', runs: textRuns(heading) });
    } else if (line.trim() === '') {
      flush();
    } else {
      paragraph.push(line);
    }
  }
  // A fence never closed: what follows it is still code.
  if (code) blocks.push({ kind: 'code', text: code.join('\n') });
  flush();
  return blocks;
}
