import { suggestionsResponseSchema } from '@nuvem/contracts/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileKeys, profileRequest } from './profile-request';

/** GET /api/users/me/suggestions: 'People you may know', each with why. */
export function getSuggestions(signal?: AbortSignal) {
  return profileRequest(['me', 'suggestions'], suggestionsResponseSchema, { signal }).then((r) => r.people);
}

export function getSuggestionsQueryOptions() {
  return queryOptions({ queryKey: profileKeys.suggestions, queryFn: ({ signal }) => getSuggestions(signal) });
}

export function useSuggestions() {
  return useQuery(getSuggestionsQueryOptions());
}
