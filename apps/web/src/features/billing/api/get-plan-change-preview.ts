import { paymentsPaths, planChangePreviewSchema, type PlanChangePreview } from '@nuvem/contracts/billing';
import type { BillingPeriod, PlanId } from '@nuvem/contracts/pricing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingKeys, paymentsRequest } from './payments-request';

export interface PlanChangePreviewInput {
  plan: PlanId;
  period: BillingPeriod;
  couponCode?: string | undefined;
}

/**
 * GET /subscriptions/preview (session): what the plan's checkout would charge now, worked out as
 * the checkout does (credit for the unused time of the plan it replaces, account credit, VAT).
 */
export function getPlanChangePreview(input: PlanChangePreviewInput, signal?: AbortSignal): Promise<PlanChangePreview> {
  const query = new URLSearchParams({ plan: input.plan, period: input.period });
  if (input.couponCode) query.set('couponCode', input.couponCode);
  return paymentsRequest(`${paymentsPaths.planChangePreview}?${query.toString()}`, planChangePreviewSchema, {
    signal,
  });
}

export function getPlanChangePreviewQueryOptions(input: PlanChangePreviewInput) {
  return queryOptions({
    queryKey: billingKeys.planChangePreview(input),
    queryFn: ({ signal }) => getPlanChangePreview(input, signal),
    // The credit shrinks as time passes: each opening of the dialog asks again.
    staleTime: 0,
    gcTime: 0,
    retry: 1,
  });
}

/** The preview of `input`; `null` asks for nothing (the dialog is closed). */
export function usePlanChangePreview(input: PlanChangePreviewInput | null) {
  return useQuery({
    ...getPlanChangePreviewQueryOptions(input ?? { plan: 'pro', period: 'monthly' }),
    enabled: input !== null,
  });
}
