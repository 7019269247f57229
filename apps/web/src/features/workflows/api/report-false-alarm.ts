import { securityReportSchema, type SecurityReport, type SecurityReportBody } from '@nuvem/contracts/ai-security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';

/** The caller's reports (GET /api/ai-security/reports), refreshed after each new one. */
export const securityReportsKey = ['workflows', 'security-reports'] as const;

/**
 * POST /api/ai-security/reports: "this was blocked and should not have been". 201 for a new report,
 * 200 with the first one when the user already reported the same text; 413 over the size limit,
 * 429 past the reports a user may send in an hour.
 */
export function reportFalseAlarm(body: SecurityReportBody): Promise<SecurityReport> {
  return apiRequest(`${env.aiSecurityApiUrl}/reports`, securityReportSchema, { method: 'POST', body });
}

export function useReportFalseAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportFalseAlarm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityReportsKey }),
  });
}
