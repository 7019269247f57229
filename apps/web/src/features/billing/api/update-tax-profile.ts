import { paymentsPaths, taxProfileSchema, type TaxProfile, type TaxProfileBody } from '@nuvem/contracts/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billingKeys, paymentsRequest } from './payments-request';

/**
 * PUT /tax-profile (session): replaces the billing details. An empty VAT number, name or address
 * clears it (a consumer gives no VAT number). 400 with `details` when a field is refused.
 */
export function updateTaxProfile(body: TaxProfileBody): Promise<TaxProfile> {
  return paymentsRequest(paymentsPaths.taxProfile, taxProfileSchema, { method: 'PUT', body });
}

export function useUpdateTaxProfile({ onSuccess }: { onSuccess?: (profile: TaxProfile) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTaxProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(billingKeys.taxProfile, profile);
      // The country and VAT number decide the VAT of the next checkout, so of any plan-change preview.
      void queryClient.invalidateQueries({ queryKey: billingKeys.planChangePreviews });
      onSuccess?.(profile);
    },
  });
}
