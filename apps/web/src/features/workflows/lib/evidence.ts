/** Where a finding is in the prompt as sent: UTF-16 offsets, `end` excluded (the contract's evidence). */
export interface Span {
  start: number;
  end: number;
}

/** A run of the prompt, with the findings (their indexes) that cover all of it; none: plain text. */
export interface Segment {
  text: string;
  start: number;
  end: number;
  findings: number[];
  /** The findings that begin with this run, and those that end with it. */
  opening: number[];
  closing: number[];
}

function splitsPair(text: string, at: number): boolean {
  if (at <= 0 || at >= text.length) return false;
  const before = text.charCodeAt(at - 1);
  const after = text.charCodeAt(at);
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff;
}

/**
 * The span inside the text, or null when nothing of it is: offsets are clamped to the text, and a
 * span that would cut an emoji (a surrogate pair) in two is widened to take all of it.
 */
export function clampSpan(text: string, span: Span): Span | null {
  if (!Number.isFinite(span.start) || !Number.isFinite(span.end)) return null;
  let start = Math.min(Math.max(0, Math.trunc(span.start)), text.length);
  let end = Math.min(Math.max(0, Math.trunc(span.end)), text.length);
  if (splitsPair(text, start)) start -= 1;
  if (splitsPair(text, end)) end += 1;
  return end > start ? { start, end } : null;
}

/**
 * The text cut where any finding begins or ends, each run naming the findings that cover it, so
 * a renderer marks them without parsing anything: overlapping findings give a run marked by both.
 * The runs put back together are the text.
 */
export function evidenceSegments(text: string, spans: readonly Span[]): Segment[] {
  const clamped = spans.map((span) => clampSpan(text, span));
  const cuts = new Set<number>([0, text.length]);
  for (const span of clamped) {
    if (!span) continue;
    cuts.add(span.start);
    cuts.add(span.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const segments: Segment[] = [];
  for (let i = 0; i + 1 < points.length; i += 1) {
    const start = points[i] ?? 0;
    const end = points[i + 1] ?? start;
    if (end <= start) continue;
    const findings = clamped.flatMap((span, index) => (span && span.start <= start && end <= span.end ? [index] : []));
    segments.push({
      text: text.slice(start, end),
      start,
      end,
      findings,
      opening: findings.filter((index) => clamped[index]?.start === start),
      closing: findings.filter((index) => clamped[index]?.end === end),
    });
  }
  return segments;
}

/** A finding with some of the text around it, for showing it in its place. */
export interface EvidenceContext {
  before: string;
  match: string;
  after: string;
  /** Text was left out before `before` / after `after`. */
  clippedBefore: boolean;
  clippedAfter: boolean;
}

/** The finding and up to `radius` characters either side (whole characters, never half an emoji). */
export function evidenceContext(text: string, span: Span, radius = 40): EvidenceContext | null {
  const found = clampSpan(text, span);
  if (!found) return null;
  let from = Math.max(0, found.start - radius);
  let to = Math.min(text.length, found.end + radius);
  if (splitsPair(text, from)) from += 1;
  if (splitsPair(text, to)) to -= 1;
  return {
    before: text.slice(from, found.start),
    match: text.slice(found.start, found.end),
    after: text.slice(found.end, to),
    clippedBefore: from > 0,
    clippedAfter: to < text.length,
  };
}
