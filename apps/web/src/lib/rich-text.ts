// The markdown-ish text the agents write (headings, bold, kept line breaks) as blocks to render
// as React text, never as HTML: the chat's answers and a workflow run's step outputs.

/** A run of an answer's text: bold (`**…**`) or plain. */
export interface TextRun {
  text: string;
  bold: boolean;
}

/** A block of an answer: a heading line ('## Summary'), or lines of text kept as they were broken. */
export type AnswerBlock = { kind: 'heading'; runs: TextRun[] } | { kind: 'text'; runs: TextRun[] };

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
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'text', runs: textRuns(paragraph.join('\n')) });
    paragraph = [];
  };
  for (const line of output.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', runs: textRuns(heading[1] ?? '') });
    } else if (line.trim() === '') {
      flush();
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}
