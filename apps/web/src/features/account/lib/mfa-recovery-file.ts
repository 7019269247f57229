/**
 * The text file of recovery codes a user downloads: a heading naming the account, the codes one a
 * line, and a note. Plain text, so any password manager or printer takes it.
 */
export function recoveryCodesFile(codes: readonly string[], texts: { heading: string; note: string }): string {
  return [texts.heading, '', ...codes, '', texts.note, ''].join('\n');
}
