import { Fragment } from 'react';
import { linkify } from '../lib/linkify';

/**
 * A post's or comment's text with its http(s) addresses as links. Other users wrote it: the
 * links open apart from the portal, tell the browser not to vouch for them, and never run script.
 */
export function LinkedText({ text }: { text: string }) {
  return linkify(text).map((part, index) =>
    part.kind === 'link' ? (
      <a
        key={index}
        href={part.href}
        target="_blank"
        rel="noopener noreferrer nofollow ugc"
        className="break-all text-primary underline underline-offset-2 hover:no-underline"
      >
        {part.text}
      </a>
    ) : (
      <Fragment key={index}>{part.text}</Fragment>
    ),
  );
}
