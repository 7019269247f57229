import { createHash } from 'node:crypto';
import { threatLevels, threatRank, type ThreatLevel, type Violation } from '@nuvem/contracts/ai-security';
import { knowledgeFindingLimits, type KnowledgeDocument } from '@nuvem/contracts/workflows';
import type { AiSecurityService } from '../ai-security/ai-security.service.js';
import type { IndexedKnowledgeSource, RetrievedPassage, Retriever } from './runtime/bm25.js';
import type { WorkflowsRepository } from './workflows.repository.js';

/** The AI security layer's scan of material a model will read (app.aiSecurity.scanMaterial). */
export type ScanMaterial = AiSecurityService['scanMaterial'];
type MaterialSource = Parameters<ScanMaterial>[2]['source'];

/**
 * A long document is scanned in pieces of about this many characters, overlapping by
 * SCAN_OVERLAP_CHARS (an instruction cut by a boundary is whole in one of the two), with the event
 * loop given a turn between pieces: one 200,000-character upload never stalls other users.
 */
export const SCAN_CHUNK_CHARS = 8_192;
export const SCAN_OVERLAP_CHARS = 200;

export interface StoredFinding {
  type: string;
  severity: string;
  message: string;
  start: number;
  end: number;
  text: string;
}

/** What is stored of a document's scan: the threat that flagged it ('none' when nothing did) and its findings. */
export interface DocumentScan {
  flagged: boolean;
  threat: ThreatLevel;
  findings: StoredFinding[];
}

const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The pieces of `text` a long document is scanned in: [start, end) offsets, overlapping. */
export function scanChunks(length: number, size = SCAN_CHUNK_CHARS, overlap = SCAN_OVERLAP_CHARS): [number, number][] {
  const chunks: [number, number][] = [];
  let start = 0;
  for (;;) {
    const end = Math.min(length, start + size);
    chunks.push([start, end]);
    if (end >= length) return chunks;
    start = end - overlap;
  }
}

/**
 * Scans a knowledge-base document as material, piece by piece (see SCAN_CHUNK_CHARS): flagged
 * when any piece is, its threat the highest of the flagged pieces, its findings the most severe
 * few (offsets in the whole document, evidence cut to 200 characters). Recorded once at most (the
 * first flagged piece), as `source`.
 */
export async function scanDocument(
  scan: ScanMaterial,
  userId: string,
  content: string,
  source: MaterialSource = 'knowledge.document',
): Promise<DocumentScan> {
  let flagged = false;
  let threat: ThreatLevel = 'none';
  const found = new Map<string, StoredFinding>();
  const chunks = scanChunks(content.length);
  for (const [index, [start, end]] of chunks.entries()) {
    if (index > 0) await yieldTurn();
    // A boundary inside a surrogate pair moves back one: each piece is well-formed text.
    const from = start > 0 && isLowSurrogate(content.charCodeAt(start)) ? start - 1 : start;
    const result = await scan(userId, content.slice(from, end), { source, record: !flagged });
    if (!result.flagged) continue;
    flagged = true;
    if (threatRank(result.threat_level) > threatRank(threat)) threat = result.threat_level;
    for (const violation of result.violations) {
      const finding = toFinding(violation, from);
      const key = `${finding.type}:${String(finding.start)}`;
      if (!found.has(key)) found.set(key, finding);
    }
  }
  const findings = [...found.values()]
    .sort((a, b) => severityRank(b.severity) - severityRank(a.severity) || a.start - b.start)
    .slice(0, knowledgeFindingLimits.findings);
  return flagged ? { flagged, threat, findings } : { flagged, threat: 'none', findings: [] };
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function severityRank(severity: string): number {
  return threatLevels.indexOf(severity as ThreatLevel);
}

function toFinding(violation: Violation, offset: number): StoredFinding {
  const evidence = violation.evidence.text.replace(/\s+/g, ' ').trim();
  return {
    type: violation.type,
    severity: violation.severity,
    message: violation.message,
    start: offset + violation.evidence.start,
    end: offset + violation.evidence.end,
    text:
      evidence.length > knowledgeFindingLimits.evidenceMax
        ? `${evidence.slice(0, knowledgeFindingLimits.evidenceMax - 1)}…`
        : evidence,
  };
}

/** A document's security state as stored: flagged when its scan found something (threat above 'none'). */
export function isFlagged(threat: string | null): boolean {
  return threat !== null && threat !== 'none';
}

/** Whether retrieval may use a document: not when it is flagged and its user chose to exclude it. */
export function isRetrievable(state: { securityThreat: string | null; securityHandling: string }): boolean {
  return !(isFlagged(state.securityThreat) && state.securityHandling !== 'quote');
}

/** A document row as the API shows it. */
export function toKnowledgeDocument(row: {
  id: string;
  title: string;
  characters: number;
  createdAt: Date;
  securityThreat: string | null;
  securityFindings: StoredFinding[];
  securityHandling: string;
}): KnowledgeDocument {
  const threat = threatLevels.find((level) => level === row.securityThreat) ?? null;
  return {
    id: row.id,
    title: row.title,
    characters: row.characters,
    created_at: row.createdAt.toISOString(),
    security: {
      flagged: isFlagged(row.securityThreat),
      threat_level: threat,
      findings: row.securityFindings.map(({ type, severity, message, text }) => ({
        type,
        severity: severity === 'critical' || severity === 'high' || severity === 'medium' ? severity : 'low',
        message,
        text,
      })),
      handling: row.securityHandling === 'quote' ? 'quote' : 'exclude',
    },
  };
}

/**
 * The user's documents as the rag agent's retriever reads them: a document flagged and set to
 * 'exclude' is left out of the index altogether (never retrieved); one added before documents were
 * scanned is scanned here, the first time it is indexed, and the result stored. The version covers
 * each document's security state and handling, so a change of either reindexes.
 */
export function createKnowledgeSource(repo: WorkflowsRepository, scan: ScanMaterial): IndexedKnowledgeSource {
  async function retrievableIds(userId: string): Promise<string[]> {
    const states = await repo.documentStates(userId);
    for (const state of states) {
      if (state.securityThreat !== null) continue;
      const [document] = await repo.documentsById(userId, [state.id]);
      if (!document) continue;
      const result = await scanDocument(scan, userId, document.content);
      await repo.setDocumentSecurity(state.id, userId, {
        securityThreat: result.threat,
        securityFindings: result.findings,
      });
      state.securityThreat = result.threat;
    }
    return states.filter(isRetrievable).map((state) => state.id);
  }
  return {
    version: (userId) => repo.documentsVersion(userId),
    documentIds: retrievableIds,
    documentsById: (userId, ids) => repo.documentsById(userId, ids),
    async documents(userId) {
      return repo.documentsById(userId, await retrievableIds(userId));
    },
  };
}

/**
 * Scans of texts read again and again (the same passage retrieved for many questions, the same
 * earlier answer sent back with every message): each text is scanned, and recorded, once per
 * process while it stays among the most recent few thousand.
 */
export function createScanCache(scan: ScanMaterial, size = 2_000) {
  const cache = new Map<string, Awaited<ReturnType<ScanMaterial>>>();
  return async function scanOnce(
    userId: string,
    text: string,
    context: { source: MaterialSource; record?: boolean },
  ): Promise<Awaited<ReturnType<ScanMaterial>>> {
    const key = createHash('sha256').update(`${userId}\u0000${context.source}\u0000${text}`).digest('base64');
    const known = cache.get(key);
    if (known) {
      cache.delete(key);
      cache.set(key, known);
      return known;
    }
    const result = await scan(userId, text, context);
    cache.set(key, result);
    if (cache.size > size) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    return result;
  };
}

/**
 * Retrieval with the AI security layer in front: a passage of a flagged document (set to 'quote';
 * excluded ones are not in the index) is marked flagged; a passage of any other document is scanned
 * as material (passages are short; each is scanned once, see createScanCache) and, if flagged, is
 * treated the same way: the agent gets it as quoted data with a warning, its citation is marked.
 * Secrets and personal data in a passage are redacted before an agent reads it.
 */
export function createGuardedRetriever(
  inner: Retriever,
  deps: { repo: Pick<WorkflowsRepository, 'documentStates'>; scan: ScanMaterial },
): Retriever {
  const scanOnce = createScanCache(deps.scan);
  return {
    async retrieve(userId, query, k) {
      const passages = await inner.retrieve(userId, query, k);
      if (passages.length === 0) return passages;
      const states = new Map(
        (await deps.repo.documentStates(userId, [...new Set(passages.map((passage) => passage.document_id))])).map(
          (state) => [state.id, state],
        ),
      );
      const guarded: RetrievedPassage[] = [];
      for (const passage of passages) {
        const state = states.get(passage.document_id);
        // Deleted, or switched to 'exclude', since the index was read: left out.
        if (!state || !isRetrievable(state)) continue;
        const documentFlagged = isFlagged(state.securityThreat);
        // A flagged document was recorded when it was added: its passages are not recorded again.
        const scanned = await scanOnce(userId, passage.text, {
          source: 'knowledge.passage',
          record: !documentFlagged,
        });
        const flagged = documentFlagged || scanned.flagged;
        guarded.push({ ...passage, text: scanned.text, ...(flagged ? { flagged: true } : {}) });
      }
      return guarded;
    },
  };
}
