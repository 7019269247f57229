import { Fragment } from 'react';
import { answerBlocks, type TextRun } from '@/lib/rich-text';
import { cn } from '@/lib/utils';

function Runs({ runs }: { runs: TextRun[] }) {
  return runs.map((run, index) =>
    run.bold ? <strong key={index}>{run.text}</strong> : <Fragment key={index}>{run.text}</Fragment>,
  );
}

/** An agent's text with its headings and bold shown, its line breaks kept; never HTML. */
export function RichText({ text, className }: { text: string; className?: string }) {
  return (
    <div className={cn('flex flex-col gap-2 break-words', className)}>
      {answerBlocks(text).map((block, index) =>
        block.kind === 'heading' ? (
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
