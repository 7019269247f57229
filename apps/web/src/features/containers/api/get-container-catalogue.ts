import { containerTemplatesResponseSchema, containerTiersResponseSchema } from '@nuvem/contracts/containers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { toTemplateOptions, toTierOptions, type TemplateOption, type TierOption } from '../lib/wizard-payload';
import { containerKeys, containerRequest } from './container-request';

/** GET /containers/tiers: the tiers with resources and monthly cost, from the server's configuration. */
export function getContainerTiers() {
  return containerRequest('/containers/tiers', containerTiersResponseSchema).then((r) => r.tiers);
}

/** GET /containers/templates. */
export function getContainerTemplates() {
  return containerRequest('/containers/templates', containerTemplatesResponseSchema).then((r) => r.templates);
}

export function useContainerTiers() {
  return useQuery(queryOptions({ queryKey: containerKeys.tiers, queryFn: getContainerTiers, staleTime: Infinity }));
}

export function useContainerTemplates() {
  return useQuery(
    queryOptions({ queryKey: containerKeys.templates, queryFn: getContainerTemplates, staleTime: Infinity }),
  );
}

/** The tiers as the server configures them, else the contract's table until they load. */
export function useTierOptions(): TierOption[] {
  return toTierOptions(useContainerTiers().data);
}

/** The templates the create call accepts, as the server names them, else the contract's list. */
export function useTemplateOptions(): TemplateOption[] {
  return toTemplateOptions(useContainerTemplates().data);
}
