import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { workflowKnowledge } from '../../db/schema/workflow-knowledge.js';

/** A knowledge document as listed: its size instead of its contents, and its security state. */
const documentSummary = {
  id: workflowKnowledge.id,
  title: workflowKnowledge.title,
  characters: sql<number>`char_length(${workflowKnowledge.content})::int`,
  createdAt: workflowKnowledge.createdAt,
  securityThreat: workflowKnowledge.securityThreat,
  securityFindings: workflowKnowledge.securityFindings,
  securityHandling: workflowKnowledge.securityHandling,
};

/** The workflow_knowledge table: the rag agent's documents and their security state. */
export function knowledgeQueries(db: Database) {
  return {
    async listDocuments(userId: string) {
      return db
        .select(documentSummary)
        .from(workflowKnowledge)
        .where(eq(workflowKnowledge.userId, userId))
        .orderBy(desc(workflowKnowledge.createdAt), desc(workflowKnowledge.id));
    },

    /** The user's choice of what retrieval does with the document if it is flagged; null when it is not theirs. */
    async setDocumentHandling(id: string, userId: string, handling: string) {
      const [row] = await db
        .update(workflowKnowledge)
        .set({ securityHandling: handling })
        .where(and(eq(workflowKnowledge.id, id), eq(workflowKnowledge.userId, userId)))
        .returning(documentSummary);
      return row ?? null;
    },

    /**
     * What the AI security layer found in a document added before documents were scanned, stored
     * the first time it is read (a scan made meanwhile elsewhere is kept).
     */
    async setDocumentSecurity(
      id: string,
      userId: string,
      security: Pick<typeof workflowKnowledge.$inferInsert, 'securityThreat' | 'securityFindings'>,
    ): Promise<void> {
      await db
        .update(workflowKnowledge)
        .set(security)
        .where(
          and(
            eq(workflowKnowledge.id, id),
            eq(workflowKnowledge.userId, userId),
            isNull(workflowKnowledge.securityThreat),
          ),
        );
    },

    /** Each document's security state (no contents), all of the user's or those of `ids`, by id. */
    async documentStates(userId: string, ids?: string[]) {
      if (ids?.length === 0) return [];
      return db
        .select({
          id: workflowKnowledge.id,
          securityThreat: workflowKnowledge.securityThreat,
          securityHandling: workflowKnowledge.securityHandling,
        })
        .from(workflowKnowledge)
        .where(and(eq(workflowKnowledge.userId, userId), ids ? inArray(workflowKnowledge.id, ids) : undefined))
        .orderBy(workflowKnowledge.id);
    },

    async insertDocument(values: typeof workflowKnowledge.$inferInsert) {
      const [row] = await db.insert(workflowKnowledge).values(values).returning();
      if (!row) throw new Error('the document was not written');
      return row;
    },

    async deleteDocument(id: string, userId: string): Promise<boolean> {
      const rows = await db
        .delete(workflowKnowledge)
        .where(and(eq(workflowKnowledge.id, id), eq(workflowKnowledge.userId, userId)))
        .returning({ id: workflowKnowledge.id });
      return rows.length > 0;
    },

    async knowledgeCharacters(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`coalesce(sum(char_length(${workflowKnowledge.content})), 0)::int` })
        .from(workflowKnowledge)
        .where(eq(workflowKnowledge.userId, userId));
      return row?.n ?? 0;
    },

    async countDocuments(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(workflowKnowledge)
        .where(eq(workflowKnowledge.userId, userId));
      return row?.n ?? 0;
    },

    /** A value that changes whenever the user's documents change (a cached index is rebuilt). */
    async documentsVersion(userId: string): Promise<string> {
      const [row] = await db
        .select({
          // What is retrieved changes with the documents and with their security state and handling.
          v: sql<string>`coalesce(md5(string_agg(${workflowKnowledge.id} || ':' || coalesce(${workflowKnowledge.securityThreat}, '?') || ':' || ${workflowKnowledge.securityHandling}, ',' order by ${workflowKnowledge.id})), '')`,
        })
        .from(workflowKnowledge)
        .where(eq(workflowKnowledge.userId, userId));
      return row?.v ?? '';
    },

    /** Some of the user's documents, by id (those of other users are not found). */
    async documentsById(userId: string, ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: workflowKnowledge.id, title: workflowKnowledge.title, content: workflowKnowledge.content })
        .from(workflowKnowledge)
        .where(and(eq(workflowKnowledge.userId, userId), inArray(workflowKnowledge.id, ids)))
        .orderBy(workflowKnowledge.id);
    },
  };
}
