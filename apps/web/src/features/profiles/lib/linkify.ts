/** A piece of a post's text: plain words, or a web address to show as a link. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// An http(s) address up to the next blank or angle bracket; nothing else (javascript:, data:,
// mailto:, bare domains) ever becomes a link.
const candidate = /\bhttps?:\/\/[^\s<>"]+/giu;
// Punctuation that ends a sentence rather than the address: 'see https://a.io/x.' or '(https://a.io)'.
const trailing = /[.,;:!?'"»”’)\]}]+$/u;

/** The link the address makes, or null when it is not a well-formed http(s) URL. */
function safeHref(text: string): string | null {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname) return null;
    return url.href;
  } catch {
    return null;
  }
}

/**
 * Splits a post's text into words and http(s) links. A closing bracket stays in the link when the
 * link opened one itself ('https://en.wikipedia.org/wiki/Foo_(bar)').
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  const push = (part: TextPart) => {
    const last = parts.at(-1);
    if (part.kind === 'text' && last?.kind === 'text') last.text += part.text;
    else if (part.text) parts.push(part);
  };
  for (const match of text.matchAll(candidate)) {
    const start = match.index;
    const whole = match[0];
    let cut = whole.match(trailing)?.[0] ?? '';
    let raw = whole.slice(0, whole.length - cut.length);
    // Give back a ')' that closes a '(' inside the address.
    const count = (s: string, c: string) => s.split(c).length - 1;
    while (cut.startsWith(')') && count(raw, '(') > count(raw, ')')) {
      raw += ')';
      cut = cut.slice(1);
    }
    const href = safeHref(raw);
    push({ kind: 'text', text: text.slice(at, start) });
    if (href) push({ kind: 'link', text: raw, href });
    else push({ kind: 'text', text: raw });
    at = start + raw.length;
  }
  push({ kind: 'text', text: text.slice(at) });
  return parts;
}
