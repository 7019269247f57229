import { describe, expect, it } from 'vitest';
import { answerBlocks } from './rich-text';

describe('answerBlocks', () => {
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
});
