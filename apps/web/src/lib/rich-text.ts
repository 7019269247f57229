// How the agents' markdown-ish text (the chat's answers, a workflow run's step outputs) is read:
// react-markdown, held to what the portal has always shown of it. Never HTML.

/**
 * The markdown the answers may use: '#' headings, **bold** and ``` code fences. Every other
 * construct (lists, quotes, links, images, inline HTML, escapes, entities, indented code, setext
 * headings, rules, inline code) stays as typed, so '1. Ship it' or '<b>tags</b>' read as written.
 */
export const answerDisabledConstructs = [
  'autolink',
  'blockQuote',
  'characterEscape',
  'characterReference',
  'codeIndented',
  'codeText',
  'definition',
  'hardBreakEscape',
  'hardBreakTrailing',
  'htmlFlow',
  'htmlText',
  'labelStartImage',
  'labelStartLink',
  'list',
  'setextUnderline',
  'thematicBreak',
] as const;

interface MarkdownData {
  micromarkExtensions?: unknown[];
}

/** A remark plugin that turns off the constructs above in the markdown parser (micromark). */
export function answerMarkdown(this: { data: () => object }): void {
  // unified's `Data`, as remark-parse reads it.
  const data: MarkdownData = this.data();
  data.micromarkExtensions = [
    ...(data.micromarkExtensions ?? []),
    { disable: { null: [...answerDisabledConstructs] } },
  ];
}

/**
 * The elements an answer renders to: paragraphs, headings (shown as bold lines), bold, and code
 * blocks. Anything else is unwrapped to its text.
 */
export const answerElements = ['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'pre', 'code'] as const;
