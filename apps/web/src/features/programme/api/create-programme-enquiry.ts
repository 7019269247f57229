import {
  programmeEnquiryResponseSchema,
  type ProgrammeEnquiryBody,
  type ProgrammeEnquiryResponse,
} from '@nuvem/contracts/programme';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const programmeEnquiriesUrl = '/api/programme/enquiries';

/** POST /api/programme/enquiries: stores a contact request of the programme page. */
export function createProgrammeEnquiry(body: ProgrammeEnquiryBody): Promise<ProgrammeEnquiryResponse> {
  return apiRequest(programmeEnquiriesUrl, programmeEnquiryResponseSchema, { method: 'POST', body });
}

export function useCreateProgrammeEnquiry() {
  return useMutation({ mutationFn: createProgrammeEnquiry });
}
