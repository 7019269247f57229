import { Fragment, useMemo } from 'react';
import { answerBlocks, type TextRun } from '@/lib/rich-text';
import { cn } from '@/lib/utils';

function Runs({ runs }: { runs: TextRun[] }) {
  return runs.map((run, index) =>
    run.bold ? <strong key={index}>{run.text}</strong> : <Fragment key={index}>{run.text}</Fragment>,
  );
}

/**
 * An agent's text with its headings and bold shown, its line breaks and code kept; never HTML.
 * With a `label`, the box is a named region that the keyboard can reach and scroll.
 */
export function RichText({ text, className, label }: { text: string; className?: string; label?: string }) {
  const blocks = useMemo(() => answerBlocks(text), [text]);
  return (
    <div
      className={cn('flex flex-col gap-2 break-words', className)}
      {...(label ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      {blocks.map((block, index) =>
        block.kind === 'code' ? (
          <pre key={index} className="overflow-x-auto rounded-md bg-background/60 p-2 font-mono text-xs whitespace-pre">
            {block.text}
          </pre>
        ) : block.kind === 'heading' ? (
          <p key={index} className="font-semibold">
            <Runs runs={block.runs} />
          </p>
        ) : (
          <p key={index} className="whitespace-pre-wrap">
            <Runs runs={block.runs} />
          </p>
        ),
      )}
    </div>
  );
}
