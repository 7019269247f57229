import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText } from './rich-text';

interface TextRun {
  text: string;
  bold: boolean;
}
type AnswerBlock =
  { kind: 'heading'; runs: TextRun[] } | { kind: 'text'; runs: TextRun[] } | { kind: 'code'; text: string };

/** The runs of a rendered line: bold where it is in <strong>, neighbouring plain text joined. */
function runsOf(element: Element): TextRun[] {
  const runs: TextRun[] = [];
  for (const node of element.childNodes) {
    const bold = node.nodeName === 'STRONG';
    const text = node.textContent ?? '';
    const last = runs.at(-1);
    if (last && !last.bold && !bold) last.text += text;
    else runs.push({ text, bold });
  }
  return runs;
}

/** What RichText shows for `text`, block by block: headings (bold lines), text and code. */
function answerBlocks(text: string): AnswerBlock[] {
  const { container } = render(<RichText text={text} />);
  const blocks = [...(container.firstElementChild?.children ?? [])].map((element): AnswerBlock => {
    if (element.tagName === 'PRE') return { kind: 'code', text: element.textContent };
    const kind = element.classList.contains('font-semibold') ? 'heading' : 'text';
    return { kind, runs: runsOf(element) };
  });
  container.remove();
  return blocks;
}

describe('RichText', () => {
  it('makes heading lines bold blocks and keeps the line breaks of the rest', () => {
    expect(answerBlocks('## Summary\nOne line.\nAnother line.\n\n## Next steps\n1. Ship it')).toEqual([
      { kind: 'heading', runs: [{ text: 'Summary', bold: false }] },
      { kind: 'text', runs: [{ text: 'One line.\nAnother line.', bold: false }] },
      { kind: 'heading', runs: [{ text: 'Next steps', bold: false }] },
      { kind: 'text', runs: [{ text: '1. Ship it', bold: false }] },
    ]);
  });

  it('reads **bold** runs and leaves markup it does not know as text', () => {
    expect(answerBlocks('A **bold** move with <b>tags</b> and ** alone')).toEqual([
      {
        kind: 'text',
        runs: [
          { text: 'A ', bold: false },
          { text: 'bold', bold: true },
          { text: ' move with <b>tags</b> and ** alone', bold: false },
        ],
      },
    ]);
  });

  it('needs a space after the hashes, and drops closing hashes', () => {
    expect(answerBlocks('#hashtag\n### Tasks ###').map((block) => block.kind)).toEqual(['text', 'heading']);
    expect(answerBlocks('### Tasks ###')[0]).toEqual({ kind: 'heading', runs: [{ text: 'Tasks', bold: false }] });
  });

  it('keeps code between fences as it is, hashes and all', () => {
    expect(answerBlocks('Run this:\n```sh\n# install\nnpm ci\n```\nDone.')).toEqual([
      { kind: 'text', runs: [{ text: 'Run this:', bold: false }] },
      { kind: 'code', text: '# install\nnpm ci' },
      { kind: 'text', runs: [{ text: 'Done.', bold: false }] },
    ]);
    expect(answerBlocks('```\nnever closed')).toEqual([{ kind: 'code', text: 'never closed' }]);
  });

  it('reads long lines of spaces or hashes as text, whole', () => {
    const spaced = `# a${' '.repeat(32_000)}b`;
    expect(answerBlocks(spaced)).toEqual([
      { kind: 'heading', runs: [{ text: `a${' '.repeat(32_000)}b`, bold: false }] },
    ]);
    const hashes = `## ${'#'.repeat(32_000)}x`;
    expect(answerBlocks(hashes)).toEqual([
      { kind: 'heading', runs: [{ text: `${'#'.repeat(32_000)}x`, bold: false }] },
    ]);
  });

  it('renders no HTML, link or image: they read as typed', () => {
    const typed = '<img src=x onerror="alert(1)"> [click](javascript:alert(1)) ![i](x.png) <https://a.example>';
    const { container } = render(<RichText text={typed} />);
    expect(container.querySelector('img, a, script')).toBeNull();
    expect(container).toHaveTextContent(typed);
  });
});
