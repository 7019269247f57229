import { paymentsPaths, pricingMessages, quoteResponseSchema, type QuoteResponse } from '@nuvem/contracts/billing';
import type { AddonType } from '@nuvem/contracts/pricing';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { billingKeys, paymentsRequest } from './payments-request';

/** The custom-quantity request of an add-on tab (the pricing page's live totals). */
export interface CustomQuoteInput {
  type: AddonType;
  quantity: number;
  couponCode?: string | undefined;
}

/** POST /payments/pricing/calculate (public): the server's quote, band by band. */
export function calculatePrice(body: CustomQuoteInput, signal?: AbortSignal): Promise<QuoteResponse> {
  return paymentsRequest(paymentsPaths.calculate, quoteResponseSchema, {
    method: 'POST',
    body,
    signal,
    sessionBound: false,
    failure: pricingMessages.calculateFailed,
  });
}

export function getCustomQuoteQueryOptions(body: CustomQuoteInput) {
  return queryOptions({
    queryKey: billingKeys.quote(body),
    queryFn: ({ signal }) => calculatePrice(body, signal),
    // A quote is a pure function of its request: it stays good while the page is open.
    staleTime: Infinity,
    placeholderData: keepPreviousData,
    retry: 1,
  });
}

/** The server's quote for `body`; `null` while the caller is still settling on a quantity. */
export function useCustomQuote(body: CustomQuoteInput | null) {
  return useQuery({
    ...getCustomQuoteQueryOptions(body ?? { type: 'tokens', quantity: 1 }),
    enabled: body !== null,
  });
}
