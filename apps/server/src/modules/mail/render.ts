import type { MailContent } from './mail.types.js';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside HTML elements and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => escapes[ch] ?? ch);
}

/** Only web links become buttons (never javascript:, data: or mailto: from a template's data). */
function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new Error('a mail action must be an http(s) link');
  return parsed.toString();
}

const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/**
 * Lays a message out as plain text and as simple HTML (every piece of text escaped, inline styles
 * only, as mail clients want; one button for the action), with a short footer naming Nuvem and
 * the portal's address.
 */
export function renderMail(content: MailContent, site: { publicUrl: URL }): RenderedMail {
  const action = content.action ? { label: content.action.label, url: safeUrl(content.action.url) } : undefined;
  const home = site.publicUrl.toString().replace(/\/$/, '');
  const signature = `Nuvem · ${home}`;

  const textParts = [
    ...(content.greeting ? [content.greeting] : []),
    ...content.paragraphs,
    // The bare URL on a line of its own: mail clients make it a link, and it is easy to copy.
    ...(action ? [`${action.label}:\n${action.url}`] : []),
    ...(content.footer ? [content.footer] : []),
    `-- \n${signature}`,
  ];
  const text = `${textParts.join('\n\n')}\n`;

  const paragraph = (body: string, style = '') =>
    `<p style="margin:0 0 16px;${style}">${escapeHtml(body).replace(/\r?\n/g, '<br>')}</p>`;
  const button = action
    ? `<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:8px 0 24px"><tr><td style="border-radius:6px;background:#2563eb"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 22px;font-family:${font};font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(action.label)}</a></td></tr></table>` +
      paragraph(action.url, 'font-size:12px;color:#6b7280;word-break:break-all')
    : '';
  const body = [
    ...(content.greeting ? [paragraph(content.greeting)] : []),
    ...content.paragraphs.map((p) => paragraph(p)),
    button,
    ...(content.footer ? [paragraph(content.footer, 'font-size:13px;color:#6b7280')] : []),
  ].join('');

  const html = `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="background:#f4f5f7"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:560px;background:#ffffff;border-radius:8px;font-family:${font};color:#1f2937">
<tr><td style="padding:28px 32px 4px;font-size:20px;font-weight:700;color:#111827">Nuvem</td></tr>
<tr><td style="padding:16px 32px 12px;font-size:15px;line-height:1.6">${body}</td></tr>
</table>
<p style="margin:16px 0 0;font-family:${font};font-size:12px;color:#6b7280">${escapeHtml(signature)}</p>
</td></tr></table>
</body></html>
`;
  return { subject: content.subject, text, html };
}
