import type { ProgrammeEnquiryBody } from '@nuvem/contracts/programme';
import { limitAddress } from '../../lib/client-address.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { ProgrammeRepository } from './programme.repository.js';

const ENQUIRIES_PER_WINDOW = 5;
const WINDOW_MS = 10 * 60 * 1000;

/** Enquiries from the programme page: at most five per address in ten minutes, then stored. */
export function createProgrammeService(deps: { repo: ProgrammeRepository; limiter: RateLimiter }) {
  const { repo, limiter } = deps;
  return {
    async submitEnquiry(
      body: ProgrammeEnquiryBody,
      from: { ip: string; userAgent: string | undefined; userId: string | null },
    ): Promise<{ id: string; createdAt: Date }> {
      const limit = await limiter.hit(`enquiry:ip:${limitAddress(from.ip)}`, ENQUIRIES_PER_WINDOW, WINDOW_MS);
      if (!limit.allowed) throw AppError.tooManyRequests(limit.resetInMs);
      return repo.insertEnquiry({
        id: newId('enquiry'),
        name: body.name,
        email: body.email,
        phone: body.phone || null,
        interest: body.interest,
        offering: body.offering ?? null,
        message: body.message || null,
        userId: from.userId,
        ip: from.ip,
        userAgent: from.userAgent?.slice(0, 512) ?? null,
      });
    },
  };
}

export type ProgrammeService = ReturnType<typeof createProgrammeService>;
