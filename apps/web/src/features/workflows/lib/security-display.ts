import { violationTypes, type Severity, type ThreatLevel, type ViolationType } from '@nuvem/contracts/ai-security';

type BadgeVariant = 'secondary' | 'success' | 'warning' | 'destructive' | 'outline';

/** The colour of a threat level: none is fine, low is reported only, medium and up are blocked (by default). */
export function threatVariant(level: ThreatLevel | Severity): BadgeVariant {
  switch (level) {
    case 'none':
      return 'success';
    case 'low':
      return 'secondary';
    case 'medium':
      return 'warning';
    case 'high':
    case 'critical':
      return 'destructive';
  }
}

export function outcomeVariant(outcome: 'blocked' | 'offline' | 'flagged'): BadgeVariant {
  return outcome === 'flagged' ? 'warning' : 'destructive';
}

/** A record's types are plain strings (a later detector may add some): the ones we can name. */
export function isViolationType(type: string): type is ViolationType {
  return (violationTypes as readonly string[]).includes(type);
}

/** The first characters of the text's keyed digest (HMAC-SHA256), enough to recognise a repeated attempt at a glance. */
export function shortHash(sha256: string, length = 12): string {
  return sha256.slice(0, length);
}

/** The largest count, for drawing each type's share of it. */
export function largestCount(rows: readonly { count: number }[]): number {
  return rows.reduce((max, row) => Math.max(max, row.count), 0);
}
