import {
  knowledgeLimits,
  workflowMessages,
  type KnowledgeDocument,
  type KnowledgeHandling,
} from '@nuvem/contracts/workflows';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { scanDocument, toKnowledgeDocument } from './knowledge-security.js';
import type { WorkflowsAiSecurity } from './workflows.service.js';
import type { WorkflowsRepository } from './workflows.repository.js';

const MINUTE = 60_000;
/** Knowledge documents one user may send a minute. */
const DOCUMENTS_PER_MINUTE = 30;
/** Characters of knowledge scanned a minute per user: this many units of SCAN_UNIT_CHARS (2 M). */
const SCAN_UNIT_CHARS = 25_000;
const SCAN_UNITS_PER_MINUTE = 80;

export interface KnowledgeServiceDeps {
  repo: WorkflowsRepository;
  aiSecurity: Pick<WorkflowsAiSecurity, 'scanMaterial'>;
  limiter: RateLimiter;
}

/**
 * The rag agent's knowledge base: a user's documents, each scanned by the AI security layer when it
 * is added, and what retrieval does with a flagged one (knowledge-security.ts guards retrieval).
 */
export function createKnowledgeService(deps: KnowledgeServiceDeps) {
  const { repo, aiSecurity, limiter } = deps;

  async function listDocuments(userId: string): Promise<KnowledgeDocument[]> {
    const rows = await repo.listDocuments(userId);
    return rows.map(toKnowledgeDocument);
  }

  /**
   * Adds a document to the user's knowledge base. It is scanned by the AI security layer first
   * (in pieces, other requests served between them) and stored either way: a flagged one with its
   * threat and findings, excluded from retrieval until its user chooses to have it quoted.
   */
  async function addDocument(
    userId: string,
    body: { title: string; content: string },
    address?: string,
  ): Promise<KnowledgeDocument> {
    const limit = await limiter.hit(`workflows-knowledge:${userId}`, DOCUMENTS_PER_MINUTE, MINUTE);
    if (!limit.allowed) throw AppError.tooManyRequests(limit.resetInMs);
    // Each document is scanned (CPU): accounts are free to make, so one address gets a few
    // users' worth of uploads, and each user a budget of characters scanned a minute.
    if (address) {
      const byAddress = await limiter.hit(`workflows-knowledge:ip:${address}`, DOCUMENTS_PER_MINUTE * 4, MINUTE);
      if (!byAddress.allowed) throw AppError.tooManyRequests(byAddress.resetInMs);
    }
    for (let unit = 0; unit < Math.ceil(body.content.length / SCAN_UNIT_CHARS); unit++) {
      const scanned = await limiter.hit(`workflows-knowledge-chars:${userId}`, SCAN_UNITS_PER_MINUTE, MINUTE);
      if (!scanned.allowed) throw AppError.tooManyRequests(scanned.resetInMs);
    }
    // The caps are checked before the scan (no scan for a document that cannot be kept), and
    // again under the user's lock with the write: concurrent uploads cannot pass them.
    const checkCaps = async (queries: Pick<WorkflowsRepository, 'knowledgeCharacters' | 'countDocuments'>) => {
      if ((await queries.knowledgeCharacters(userId)) + body.content.length > knowledgeLimits.charactersPerUser) {
        throw new AppError(
          409,
          `A knowledge base holds at most ${String(knowledgeLimits.charactersPerUser / 1_000_000)} million characters`,
          'KNOWLEDGE_FULL',
        );
      }
      if ((await queries.countDocuments(userId)) >= knowledgeLimits.documentsPerUser) {
        throw new AppError(
          409,
          `A knowledge base holds at most ${String(knowledgeLimits.documentsPerUser)} documents`,
          'TOO_MANY_DOCUMENTS',
        );
      }
    };
    await checkCaps(repo);
    const scan = await scanDocument(aiSecurity.scanMaterial, userId, body.content);
    const row = await repo.underUserLock('knowledge', userId, async (locked) => {
      await checkCaps(locked);
      return locked.insertDocument({
        id: newId('knowledgeDocument'),
        userId,
        ...body,
        securityThreat: scan.threat,
        securityFindings: scan.findings,
      });
    });
    return toKnowledgeDocument({ ...row, characters: row.content.length });
  }

  /** What retrieval does with one of the user's documents if it is flagged: 'exclude' or 'quote'. */
  async function setDocumentHandling(
    userId: string,
    id: string,
    handling: KnowledgeHandling,
  ): Promise<KnowledgeDocument> {
    const row = await repo.setDocumentHandling(id, userId, handling);
    if (!row) throw AppError.notFound(workflowMessages.documentNotFound);
    return toKnowledgeDocument(row);
  }

  async function deleteDocument(userId: string, id: string): Promise<void> {
    if (!(await repo.deleteDocument(id, userId))) throw AppError.notFound(workflowMessages.documentNotFound);
  }

  return { listDocuments, addDocument, setDocumentHandling, deleteDocument };
}
