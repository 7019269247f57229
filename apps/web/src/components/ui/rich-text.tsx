import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { answerElements, answerMarkdown } from '@/lib/rich-text';
import { cn } from '@/lib/utils';

interface HastLike {
  type: string;
  value?: string;
  children?: HastLike[];
}

/** The text of a code block as it was written (the parser adds a closing line break). */
function codeText(node: HastLike | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(codeText).join('');
}

function Heading({ children }: { children?: ReactNode }) {
  return <p className="font-semibold">{children}</p>;
}

const components: Components = {
  h1: Heading,
  h2: Heading,
  h3: Heading,
  h4: Heading,
  h5: Heading,
  h6: Heading,
  p: ({ children }) => <p className="whitespace-pre-wrap">{children}</p>,
  strong: ({ children }) => <strong>{children}</strong>,
  pre: ({ node }) => (
    <pre className="overflow-x-auto rounded-md bg-background/60 p-2 font-mono text-xs whitespace-pre">
      {codeText(node).replace(/\n$/, '')}
    </pre>
  ),
};

const remarkPlugins = [answerMarkdown];

/**
 * An agent's text with its headings and bold shown, its line breaks and code kept; never HTML
 * (raw HTML is not parsed, and skipped if it were). With a `label`, the box is a named region that
 * the keyboard can reach and scroll.
 */
export function RichText({ text, className, label }: { text: string; className?: string; label?: string }) {
  return (
    <div
      className={cn('flex flex-col gap-2 break-words', className)}
      {...(label ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      <Markdown
        remarkPlugins={remarkPlugins}
        allowedElements={answerElements}
        unwrapDisallowed
        skipHtml
        components={components}
      >
        {text}
      </Markdown>
    </div>
  );
}
