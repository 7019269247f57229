import type { Violation } from '@nuvem/contracts/ai-security';
import type { Detector } from './detector/detector.js';

/** A record's or a report's excerpt: at most this many characters. */
const EXCERPT_LENGTH = 160;
/** Evidence of one finding kept in a record: at most this many characters. */
const EVIDENCE_KEPT = 60;

/**
 * An address in a record's evidence keeps only its scheme and host: its path, query, fragment and any
 * user:password can carry what the prompt tried to send out (a password in `&auth=`, say).
 */
export function maskAddresses(text: string): string {
  return text.replace(
    /\b([a-z][a-z0-9+.-]{0,15}:\/\/)(?:[^\s/?#@]{0,256}@)?([^\s/?#:@]{1,253})(?::\d{1,5})?([/?#][^\s]*)?/gi,
    (_match, scheme: string, host: string, rest: string | undefined) => `${scheme}${host}${rest ? '/…' : ''}`,
  );
}

/** An address without a scheme that carries a path or a query ("evil.example/collect?data=…", "//host/p?x"). */
const BARE_ADDRESS = /(?<![\w:/.@-])(?:\/\/)?((?:[a-z0-9-]{1,63}\.)+[a-z]{2,24})(?::\d{1,5})?[/?#](?!…)[^\s]*/gi;
/** A credential's value after its name ("password hunter2", "passphrase: correct-horse…", "token=abc"). */
const CREDENTIAL_VALUE =
  /\b(pass(?:word|phrase|code)?|pwd|secret|token|api[ _-]?key|key|pin|combination|codename|code)(\s*(?:is|was|=|:)?\s*)([^\s,.;'"]{3,})/gi;

/** Bare address paths and credentials' values masked (the steps `tidyEvidence` and a comment share). */
function maskBareAddressesAndCredentials(text: string): string {
  return text
    .replace(BARE_ADDRESS, (_m, host: string) => `${host}/…`)
    .replace(CREDENTIAL_VALUE, (_m, name: string, gap: string) => `${name}${gap}[REDACTED]`);
}

/**
 * Evidence as a record or a report may keep it: address paths and queries masked (with or without a
 * scheme), a credential's value after its name masked (one no rule knows is still a secret), and cut.
 */
export function tidyEvidence(text: string): string {
  const tidy = maskBareAddressesAndCredentials(maskAddresses(text)).replace(/\s+/g, ' ').trim();
  return tidy.length > EVIDENCE_KEPT ? `${tidy.slice(0, EVIDENCE_KEPT - 1)}…` : tidy;
}

/** `text` between `start` and `end`, each secret or personal datum overlapping it replaced whole. */
function sliceMasked(
  text: string,
  span: { start: number; end: number },
  sensitive: ReadonlyArray<{ start: number; end: number; type: string }>,
): string {
  let out = '';
  let at = span.start;
  for (const hidden of sensitive) {
    if (hidden.end <= at || hidden.start >= span.end) continue;
    if (hidden.start > at) out += text.slice(at, hidden.start);
    out += `[REDACTED:${hidden.type}]`;
    at = Math.max(at, hidden.end);
  }
  return out + (at < span.end ? text.slice(at, span.end) : '');
}

/** The findings joined, scanned once more for anything left, and cut to EXCERPT_LENGTH. */
function joinFound(detector: Pick<Detector, 'scanOutput'>, found: string[]): string {
  const joined = detector.scanOutput([...new Set(found.filter(Boolean))].join(' … ')).redacted;
  return joined.length > EXCERPT_LENGTH ? `${joined.slice(0, EXCERPT_LENGTH - 1)}…` : joined;
}

/**
 * What a record keeps of the text: only what was found (each finding's evidence, secrets and
 * personal data already masked by the detector), at most 160 characters. Never the text around
 * it, which may hold a secret no rule knows.
 */
export function recordExcerpt(detector: Pick<Detector, 'scanOutput'>, violations: Violation[]): string {
  // The classifier's evidence is a whole window of the text: not kept. A finding in a decoded
  // payload points at the encoded text, which decodes to all of it: only its kind is kept.
  return joinFound(
    detector,
    violations
      .filter((v) => v.type !== 'prompt_injection_classifier')
      .map((v) => (v.decoded_from ? `[${v.decoded_from}-encoded text]` : tidyEvidence(v.evidence.text))),
  );
}

/**
 * A false-alarm report's excerpt: what was found (the rules' evidence; the classifier's window
 * only when nothing else was found, since then that window is what the report is about), cut from
 * the text with every secret and personal datum the detector sees replaced whole (also one the cut
 * would split), address paths masked, scanned once more for anything left, at most 160 characters.
 */
export function reportExcerpt(detector: Pick<Detector, 'scanOutput'>, text: string, violations: Violation[]): string {
  const sensitive = violations
    .filter((v) => v.type === 'secret' || v.type === 'personal_data')
    .map((v) => ({ start: v.evidence.start, end: v.evidence.end, type: v.type }))
    .sort((a, b) => a.start - b.start);
  const rules = violations.filter(
    (v) => v.type !== 'prompt_injection_classifier' && v.type !== 'security_layer_offline',
  );
  // The classifier's window is a stretch of the text itself (a passphrase in it would be kept):
  // a report on the classifier alone keeps its words, not the text's.
  if (rules.length === 0) {
    return violations.some((v) => v.type === 'prompt_injection_classifier')
      ? '[read as an injection by the classifier]'
      : '';
  }
  return joinFound(
    detector,
    [...rules]
      .sort((a, b) => a.evidence.start - b.evidence.start)
      .map((v) =>
        v.decoded_from ? `[${v.decoded_from}-encoded text]` : tidyEvidence(sliceMasked(text, v.evidence, sensitive)),
      ),
  );
}

/** A reporter's comment: their own words, but a key pasted there is no more welcome than in the excerpt. */
export function tidyComment(detector: Pick<Detector, 'scanOutput'>, comment: string): string {
  return maskBareAddressesAndCredentials(detector.scanOutput(maskAddresses(comment)).redacted);
}
