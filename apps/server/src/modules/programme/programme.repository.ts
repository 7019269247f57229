import { asc, gte } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { programmeEnquiries } from '../../db/schema/programme-enquiries.js';

export type EnquiryInsert = typeof programmeEnquiries.$inferInsert;

/** An enquiry as operators read it: what the visitor wrote and when; the ip and user agent stay in the database. */
export interface EnquiryRecord {
  id: string;
  createdAt: Date;
  name: string;
  email: string;
  phone: string | null;
  interest: string;
  offering: string | null;
  message: string | null;
  userId: string | null;
}

/** The programme module's SQL: only this module reads and writes programme_enquiries. */
export function createProgrammeRepository(db: Database) {
  return {
    async insertEnquiry(values: EnquiryInsert): Promise<{ id: string; createdAt: Date }> {
      const rows = await db
        .insert(programmeEnquiries)
        .values(values)
        .returning({ id: programmeEnquiries.id, createdAt: programmeEnquiries.createdAt });
      const row = rows[0];
      if (!row) throw new Error('insert into programme_enquiries returned nothing');
      return row;
    },

    /** Enquiries received at or after `since` (all when null), oldest first. */
    async listEnquiries({ since }: { since: Date | null }): Promise<EnquiryRecord[]> {
      const e = programmeEnquiries;
      return db
        .select({
          id: e.id,
          createdAt: e.createdAt,
          name: e.name,
          email: e.email,
          phone: e.phone,
          interest: e.interest,
          offering: e.offering,
          message: e.message,
          userId: e.userId,
        })
        .from(e)
        .where(since ? gte(e.createdAt, since) : undefined)
        .orderBy(asc(e.createdAt), asc(e.id));
    },
  };
}

export type ProgrammeRepository = ReturnType<typeof createProgrammeRepository>;
