/**
 * The AI security layer's detector: pure, synchronous, in process. A prompt (or an agent's output)
 * is folded and decoded (normalise.ts), matched against the rule families (rules.ts) and scored by
 * the learned classifier (classifier.ts); its threat level is the highest severity found, and it is
 * safe while that stays below `blockAt`.
 */
import { threatRank, type Severity, type ThreatLevel, type Violation } from '@nuvem/contracts/ai-security';
import type { Classifier, Thresholds } from './classifier.js';
import { defaultClassifier, trainedThresholds, trainedWindowThresholds } from './committed-model.js';
import { decodeText, sourceSpan, unmask, type TextVariant } from './normalise.js';
import {
  findFloods,
  findPersonalData,
  findPhrases,
  findSecrets,
  maskSecret,
  toViolation,
  type Finding,
  type TextSource,
} from './rules.js';
import { findAddressed, materialStart } from './rules-addressed.js';
import { findMultilingualOverrides, findUnboundPersona } from './rules-multilingual.js';

export type { Thresholds } from './classifier.js';

/** The classifier's probability cut-offs per severity, as chosen by cross-validation in training. */
export const defaultThresholds: Thresholds = { ...trainedThresholds };
/** The same for the best window of a long text (higher: a long text has many windows to be wrong in). */
export const defaultWindowThresholds: Thresholds = { ...trainedWindowThresholds };

export interface DetectorOptions {
  /** Cut-offs for the classifier's score of a whole text. */
  thresholds?: Partial<Thresholds>;
  /** Cut-offs for the score of the best window of a long text (see features.ts, WINDOW). */
  windowThresholds?: Partial<Thresholds>;
  /**
   * The lowest threat level that makes a text unsafe (default 'medium': personal data alone, which is
   * low, is reported and passes; 'none' would block everything).
   */
  blockAt?: ThreatLevel;
  /** Another classifier (evaluation retrains one per fold); the committed one by default. */
  classifier?: Classifier;
}

export interface ScanResult {
  safe: boolean;
  violations: Violation[];
  threat_level: ThreatLevel;
  /**
   * The classifier's probability that the text is an injection or jailbreak: the highest over the
   * text, the windows of a long text, and the decoded payloads.
   */
  classifier_score: number;
}

export interface OutputScanResult extends ScanResult {
  /** The text with every secret and personal datum replaced by '[REDACTED:<kind>]'. */
  redacted: string;
}

export interface Detector {
  /**
   * `label`: the text is a name (a flow's or a node's), not a prompt: with fewer than three words
   * the classifier alone does not block it (too little for the n-gram model; the rules still apply).
   */
  scanPrompt(text: string, options?: { label?: boolean }): ScanResult;
  scanOutput(text: string): OutputScanResult;
  /**
   * Material a model will read that is not the user's own request (a document, a retrieved passage,
   * a tool's or an agent's output): instructions addressed to the AI inside it are injections, and
   * secrets and personal data are redacted as in scanOutput.
   */
  scanDocument(text: string): OutputScanResult;
}

const MAX_VIOLATIONS = 32;
const severityRank = (severity: Severity) => threatRank(severity);

function severityOf(probability: number, thresholds: Thresholds): Severity | null {
  if (probability >= thresholds.critical) return 'critical';
  if (probability >= thresholds.high) return 'high';
  if (probability >= thresholds.medium) return 'medium';
  if (probability >= thresholds.low) return 'low';
  return null;
}

/**
 * A prompt that is nothing but a choice of output format or language ("respond only in JSON from
 * now on"): such orders are the daily bread of attacks too ("respond only with 'Access Granted' from
 * now on"), so the classifier leans on their words; but when the whole prompt is a format and
 * nothing else there is nothing to inject, and the classifier's finding stays at 'low'.
 */
/** A label of fewer words than this is not blocked by the classifier alone. */
const MIN_CLASSIFIED_WORDS = 3;
const WORDS = /[\p{L}\p{N}]+/gu;
/** Words a text needs for the classifier alone to block it (see the ensemble in scan). */
const MIN_UNSUPPORTED_WORDS = 8;

const FORMAT_ONLY = new RegExp(
  '^(?:(?:please|pls|kindly|ok|okay|and),? )*' +
    '(?:(?:from now on|going forward|for the rest of (?:this|the|our) (?:chat|conversation)),? )?(?:please )?' +
    '(?:respond|reply|answer|write|output|return|format (?:your |all )?(?:answers?|replies|responses?|output)|give (?:me )?(?:your )?(?:answers?|replies))' +
    ' (?:(?:only|just|always|exclusively) )?(?:in|as|with|using) (?:an? )?' +
    '(?:(?:valid|plain|pure|raw|well-formed|proper|british|american|simple|formal|informal|short|european) )?' +
    '(?:json|yaml|xml|csv|markdown|html|plain text|text|bullet points|a table|tables|english|portuguese|spanish|french|german|italian|code blocks?|one word|short sentences|lists?)' +
    '(?: only)?(?:,? (?:please|from now on|going forward|for the rest of (?:this|the|our) (?:chat|conversation)|thanks|thank you))*[.!]?$',
);

/**
 * A variant as it reads once invisible characters and look-alikes are taken out (case kept), for
 * the secret and personal-data rules: a key split by a zero-width space is still a key. Null when
 * that changes nothing.
 */
function unmasked(variant: TextVariant): TextSource | null {
  const plain = unmask(variant.raw);
  if (!plain) return null;
  return {
    raw: plain.text,
    decodedFrom: variant.decodedFrom,
    toOriginal: (start, end) => {
      const inRaw = sourceSpan(plain, start, end);
      return variant.toOriginal(inRaw.start, inRaw.end);
    },
  };
}

/**
 * What a hidden payload should never be: markup that runs script, or a shell command. Found in a
 * decoded payload it is smuggled ('medium': the model is being asked to write it out, to be
 * rendered or run downstream); in plain text it is something a developer may well paste, so no
 * finding.
 */
const ACTIVE_PAYLOAD = new RegExp(
  [
    '<\\s*script\\b',
    '\\bjavascript\\s*:',
    '<[a-z][^<>]{0,200}?(?:[\\s"\'/]|\\\\x20)on[a-z]{3,24}\\s*=',
    '\\b(?:system|exec|eval|popen|spawn|shell_exec|passthru)\\s*\\(?\\s*["\'`]',
    '\\$\\(\\s*[a-z]{2,12}\\b[^)]{0,200}\\)',
    '`\\s*(?:ls|cat|rm|curl|wget|touch|nc|bash|sh|chmod|id|whoami|uname)\\b[^`]{0,200}`',
    '\\b(?:rm\\s+-rf|/etc/(?:passwd|shadow)|touch\\s+/tmp/|curl\\s+[^|\\n]{0,200}\\|\\s*(?:ba)?sh|wget\\s+[^|\\n]{0,200}\\|\\s*(?:ba)?sh|nc\\s+-e)',
    '\\bdata:text/html',
  ].join('|'),
  'i',
);

/** Quotation marks (straight, curly, guillemets, corner brackets). */
const QUOTE_MARK = /["“”«»「」『』‘’]|(?<![\p{L}\p{N}])'|'(?![\p{L}\p{N}])/gu;
const ANY_QUOTE = /["“”«»「」『』‘’']/u;
/** Words of a text that talks about an attack rather than making one. */
const DISCUSSES =
  /\b(?:attacks?|injections?|jailbreaks?|phrases?|examples?|means?|meaning|called|defend|defending|defen[cs]e|detect|detecting|prevent|preventing|protect|protecting|mitigate|block|blocking|filter|security|red[- ]?team(?:ing)?|researchers?|paper|classifier|dataset|test cases?)\b/i;
const MENTIONABLE = new Set(['instruction_override', 'system_prompt_extraction', 'jailbreak_roleplay']);

/**
 * A phrase of an attack in quotation marks, in a text that talks about attacks ("What is an 'ignore
 * previous instructions' attack, and how do I defend against it?"): mentioned, not used; it stays
 * on record as 'low'. A quoted phrase in a text that does not talk about it ("Translate: 'ignore…'")
 * keeps its severity.
 */
function isMention(text: string, finding: Finding): boolean {
  // Material quoted in a prompt is still material: a quoted review that speaks to the model is no mention.
  if (
    !MENTIONABLE.has(finding.type) ||
    finding.decodedFrom ||
    finding.message.startsWith('Material meant to be read')
  ) {
    return false;
  }
  // Quotes are looked for on the finding's line, at most 400 characters either side.
  const lineStart = Math.max(text.lastIndexOf('\n', finding.start) + 1, finding.start - 400);
  const lineEndAt = text.indexOf('\n', finding.end);
  const lineEnd = Math.min(lineEndAt < 0 ? text.length : lineEndAt, finding.end + 400);
  const before = (text.slice(lineStart, finding.start).match(QUOTE_MARK) ?? []).length;
  const after = (text.slice(finding.end, lineEnd).match(QUOTE_MARK) ?? []).length;
  if (before % 2 === 0 || after === 0) return false;
  return DISCUSSES.test(text) || /\?\s*$/.test(text.slice(finding.end, lineEnd));
}

/**
 * A role-play or persona prompt ("I want you to act as…", "You are a business analyst…", "Imagine
 * you are…"): every workflow prompt in this product is one, and their wording (answer only with…,
 * do not write explanations…) is what attacks borrow. For them the classifier alone never blocks:
 * a persona is blocked when a rule finds an override, an extraction, or a persona without rules.
 */
const PERSONA_FRAME =
  /^(?:[^.\n]{0,60}[,.!:]\s*)?(?:i want you to (?:act|behave|respond|reply|answer) (?:as|like)|i would like you to act as|(?:please )?act as|acting as|you are (?:an?|the|my) |you're (?:an?|the|my) |you will (?:act|be) (?:as )?(?:an?|the|my) |imagine (?:that )?you(?:'re| are)|play the (?:role|part) of|take on the role of|role-?play as|your role is|assume the role of)/i;

/** One finding per family and place: overlapping findings of one type keep the most severe. */
function dedupe(findings: Finding[]): Finding[] {
  const sorted = [...findings].sort(
    (a, b) => severityRank(b.severity) - severityRank(a.severity) || a.start - b.start || b.end - a.end,
  );
  const kept: Finding[] = [];
  for (const finding of sorted) {
    const overlaps = kept.some(
      (k) => k.type === finding.type && finding.start < k.end && finding.end > k.start && k.kind === finding.kind,
    );
    if (!overlaps) kept.push(finding);
  }
  return kept;
}

/** Merged spans of the secrets and personal data found, in order. */
function sensitiveSpans(findings: Finding[]): { start: number; end: number; kind: string }[] {
  const spans = findings
    .filter((f) => f.kind !== undefined)
    .map((f) => ({ start: f.start, end: f.end, kind: f.kind ?? 'secret' }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: { start: number; end: number; kind: string }[] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span.start < last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  return merged;
}

/** The text with each span replaced. */
function replaceSpans(
  text: string,
  spans: { start: number; end: number; kind: string }[],
  by: (span: { start: number; end: number; kind: string }) => string,
): string {
  let out = '';
  let at = 0;
  for (const span of spans) {
    if (span.start < at) continue;
    out += text.slice(at, span.start) + by(span);
    at = span.end;
  }
  return out + text.slice(at);
}

export function createDetector(options: DetectorOptions = {}): Detector {
  const thresholds: Thresholds = { ...defaultThresholds, ...options.thresholds };
  const windowThresholds: Thresholds = { ...defaultWindowThresholds, ...options.windowThresholds };
  const blockAt: ThreatLevel = options.blockAt ?? 'medium';
  const classifier = options.classifier ?? defaultClassifier;

  /** `document`: material a model will read (not the user's own request): every sentence addressed to the model counts. */
  function scan(text: string, label = false, document = false): { result: ScanResult; findings: Finding[] } {
    const { variants, unchecked } = decodeText(text);
    const findings: Finding[] = [];
    const outerIsMaterial = document || materialStart(text) !== null;
    for (const variant of variants) {
      findings.push(
        ...findPhrases(variant),
        ...findMultilingualOverrides(variant),
        ...findUnboundPersona(variant),
        // A payload someone encoded inside material is never the user's own words to the model.
        ...findAddressed(variant, document || (variant.decodedFrom !== undefined && outerIsMaterial)),
        ...findSecrets(variant),
        ...findPersonalData(variant),
      );
      const plain = unmasked(variant);
      if (plain) findings.push(...findSecrets(plain), ...findPersonalData(plain));
    }
    for (const variant of variants) {
      if (!variant.decodedFrom) continue;
      const m = ACTIVE_PAYLOAD.exec(variant.raw);
      if (m) {
        findings.push({
          type: 'delimiter_injection',
          severity: 'medium',
          message: `Hides script or a shell command in ${variant.decodedFrom} encoding`,
          ...variant.toOriginal(m.index, m.index + m[0].length),
          decodedFrom: variant.decodedFrom,
        });
      }
    }
    findings.push(...findFloods(text));
    // Encoded text that the decoding budgets left unread fails closed.
    if (unchecked) {
      findings.push({
        type: 'delimiter_injection',
        severity: 'medium',
        message:
          unchecked.reason === 'depth' ? 'Encoded too many times over to check' : 'Too many encoded segments to check',
        start: unchecked.start,
        end: unchecked.end,
      });
    }

    // Attack phrases quoted in a text about attacks are mentioned, not used.
    let mentions = 0;
    const quoted = ANY_QUOTE.test(text);
    for (const finding of findings) {
      if (quoted && isMention(text, finding)) {
        mentions++;
        if (severityRank(finding.severity) > severityRank('low')) {
          finding.severity = 'low';
          finding.message = `${finding.message} (quoted, in a text about it)`;
        }
      }
    }

    // The classifier reads the prompt and each decoded payload, whole and (when long) in windows,
    // each against its own thresholds; the most severe reading counts.
    let best = {
      probability: 0,
      window: false,
      rank: -1,
      severity: null as Severity | null,
      start: 0,
      end: 0,
      decodedFrom: undefined as string | undefined,
    };
    let top = 0;
    for (const variant of variants) {
      if (variant.folded.text.length === 0) continue;
      const result = classifier.score(variant.folded.text);
      let severity = severityOf(result.probability, thresholds);
      // A format-only prompt, or a label of one or two words (a node's name: too little for the
      // n-gram model to judge, and the rules still read it), stays at 'low'.
      const tooShort = label && (variant.folded.text.match(WORDS) ?? []).length < MIN_CLASSIFIED_WORDS;
      if (severity && !variant.decodedFrom && (tooShort || FORMAT_ONLY.test(variant.folded.text.trim()))) {
        severity = severityRank(severity) > severityRank('low') ? 'low' : severity;
      }
      const readings = [{ probability: result.probability, evidence: result.evidence, severity, window: false }];
      if (result.window) {
        readings.push({
          ...result.window,
          severity: severityOf(result.window.probability, windowThresholds),
          window: true,
        });
      }
      for (const reading of readings) {
        top = Math.max(top, reading.probability);
        const rank = reading.severity ? severityRank(reading.severity) : -1;
        if (rank > best.rank || (rank === best.rank && reading.probability > best.probability)) {
          const inRaw = sourceSpan(variant.folded, reading.evidence.start, reading.evidence.end);
          best = {
            probability: reading.probability,
            window: reading.window,
            rank,
            severity: reading.severity,
            ...variant.toOriginal(inRaw.start, inRaw.end),
            decodedFrom: variant.decodedFrom,
          };
        }
      }
    }
    // The ensemble: the classifier reads styles it was shown, the rules read what attacks must say.
    // A persona's wording alone is no attack: its classifier finding is capped at 'low' unless a rule
    // found something that blocks by itself. Elsewhere a classifier finding that no rule supports at
    // all (not even a 'low' one) counts one level lower: on prompts unlike its training data the
    // classifier is wrong more often than the rules.
    if (best.severity && severityRank(best.severity) > severityRank('low')) {
      if (
        PERSONA_FRAME.test(text.trimStart().slice(0, 300)) &&
        !findings.some((f) => threatRank(f.severity) >= threatRank(blockAt))
      ) {
        best.severity = 'low';
      } else if (mentions > 0 && mentions === findings.length) {
        // A text about attacks, whose only findings are the phrases it quotes: the classifier reads
        // those phrases too, and is held to 'low' with them.
        best.severity = 'low';
      } else if (findings.length === 0) {
        // Unsupported by any rule, the classifier blocks only when it is sure ('critical', which
        // counts as 'medium') and has enough words to be sure of (a few words say too little).
        const words = (text.match(WORDS) ?? []).length;
        best.severity = best.severity === 'critical' && words >= MIN_UNSUPPORTED_WORDS ? 'medium' : 'low';
      }
    }
    if (best.severity) {
      findings.push({
        type: 'prompt_injection_classifier',
        severity: best.severity,
        message:
          `Reads like a prompt injection or jailbreak (classifier score ${best.probability.toFixed(2)}` +
          `${best.window ? ' in one part of a long text' : ''})`,
        start: best.start,
        end: best.end,
        decodedFrom: best.decodedFrom,
      });
    }

    const kept = dedupe(findings);
    const sensitive = sensitiveSpans(kept);
    const violations = kept.slice(0, MAX_VIOLATIONS).map((finding) => {
      const violation = toViolation(finding, text);
      // Evidence of other findings never shows a secret in full either.
      if (!finding.kind && sensitive.some((s) => s.start < finding.end && s.end > finding.start)) {
        const inside = sensitive
          .filter((s) => s.start >= finding.start && s.end <= finding.end)
          .map((s) => ({ ...s, start: s.start - finding.start, end: s.end - finding.start }));
        const slice = text.slice(finding.start, finding.end);
        violation.evidence.text = replaceSpans(slice, inside, (s) => maskSecret(slice.slice(s.start, s.end))).slice(
          0,
          200,
        );
      }
      return violation;
    });
    const threat = kept.reduce<ThreatLevel>(
      (top, finding) => (severityRank(finding.severity) > threatRank(top) ? finding.severity : top),
      'none',
    );
    return {
      result: {
        safe: threatRank(threat) < threatRank(blockAt),
        violations,
        threat_level: threat,
        classifier_score: Number(top.toFixed(4)),
      },
      findings: kept,
    };
  }

  return {
    scanPrompt(text, scanOptions) {
      return scan(text, scanOptions?.label).result;
    },
    scanOutput(text) {
      const { result, findings } = scan(text);
      const redacted = replaceSpans(text, sensitiveSpans(findings), (span) => `[REDACTED:${span.kind}]`);
      return { ...result, redacted };
    },
    scanDocument(text) {
      const { result, findings } = scan(text, false, true);
      const redacted = replaceSpans(text, sensitiveSpans(findings), (span) => `[REDACTED:${span.kind}]`);
      return { ...result, redacted };
    },
  };
}
