import { billingMessages } from '@nuvem/contracts/billing';
import { containerLimitMessages, containerTiers, type ContainerTier } from '@nuvem/contracts/containers';
import { plans, planIds, type PlanId } from '@nuvem/contracts/pricing';
import type { AppConfig } from '../../config.js';
import { AppError } from '../../lib/errors.js';

/**
 * What one workspace may run (a person's own, or an organisation's: all its members' containers
 * count): the number of containers and their total vCPUs and memory (by tier).
 */
export interface ContainerQuota {
  count: number;
  vcpus: number;
  memoryGb: number;
  /** What the workspace's plan allows (PLAN_QUOTAS), checked before the operator's caps: 403 past it. */
  plan?: { name: string; count: number; tiers: readonly string[] };
}

/** Where a quota source reads a user's plan: the repository's queries, bound to the caller's transaction. */
export interface PlanReader {
  /** The workspace's current paid plan (billing's user_plans view, keyed by workspace); undefined is Free. */
  planOf(userId: string): Promise<string | undefined>;
}

/**
 * Where a user's quota comes from. Called inside the transaction that creates or scales, under
 * the user's lock, with that transaction's queries (`reader`) to read from.
 */
export interface ContainerQuotaSource {
  containerQuotaFor(userId: string, reader: PlanReader): Promise<ContainerQuota>;
}

/** MAX_CONTAINERS_PER_USER, MAX_CONTAINER_VCPUS_PER_USER and MAX_CONTAINER_MEMORY_GB_PER_USER for everyone. */
export function configuredContainerQuota(config: AppConfig): ContainerQuotaSource {
  const quota = { ...config.userLimits.containers };
  return { containerQuotaFor: async () => quota };
}

/**
 * The operator's caps, and within them what the user's plan allows (the plan billing publishes in
 * the user_plans view; no row is Free): see the plans in @nuvem/contracts/pricing.
 */
export function planContainerQuota(config: AppConfig): ContainerQuotaSource {
  const caps = { ...config.userLimits.containers };
  return {
    async containerQuotaFor(userId, reader) {
      const found = await reader.planOf(userId);
      const planId: PlanId = found && (planIds as readonly string[]).includes(found) ? (found as PlanId) : 'free';
      const plan = plans[planId];
      return {
        ...caps,
        plan: { name: plan.name, count: plan.entitlements.containers, tiers: plan.entitlements.containerTiers },
      };
    },
  };
}

/** What a set of containers uses, from their tiers (an unknown tier counts as the largest). */
export function usageOf(tiers: readonly string[]): { count: number; vcpus: number; memoryGb: number } {
  const largest = containerTiers.large;
  return tiers.reduce(
    (sum, tier) => {
      const spec = (containerTiers as Partial<Record<string, (typeof containerTiers)[ContainerTier]>>)[tier] ?? largest;
      return { count: sum.count + 1, vcpus: sum.vcpus + spec.cpu, memoryGb: sum.memoryGb + spec.memoryGb };
    },
    { count: 0, vcpus: 0, memoryGb: 0 },
  );
}

/**
 * Refuses (409 LIMIT_REACHED) when the user's other containers (`others`: their tiers, without the
 * one being rescaled) plus the new or rescaled container (`change.tier`) would pass the quota. A
 * scale (`change.replacing`: the container's tier now) does not add a container.
 */
export function assertWithinQuota(
  quota: ContainerQuota,
  others: readonly string[],
  change: { tier: ContainerTier; replacing?: string },
): void {
  const inUse = usageOf(change.replacing === undefined ? others : [...others, change.replacing]);
  const after = usageOf([...others, change.tier]);
  if (quota.plan) {
    if (!quota.plan.tiers.includes(change.tier) && change.tier !== change.replacing) {
      throw new AppError(403, billingMessages.planTier(quota.plan.name, change.tier), 'PLAN_LIMIT');
    }
    if (change.replacing === undefined && after.count > quota.plan.count) {
      throw new AppError(403, billingMessages.planContainers(quota.plan.name, quota.plan.count), 'PLAN_LIMIT');
    }
  }
  if (change.replacing === undefined && after.count > quota.count) {
    throw new AppError(409, containerLimitMessages.containers(quota.count), 'LIMIT_REACHED');
  }
  if (after.vcpus > quota.vcpus && after.vcpus > inUse.vcpus) {
    throw new AppError(409, containerLimitMessages.vcpus(quota.vcpus, inUse.vcpus), 'LIMIT_REACHED');
  }
  if (after.memoryGb > quota.memoryGb && after.memoryGb > inUse.memoryGb) {
    throw new AppError(409, containerLimitMessages.memory(quota.memoryGb, inUse.memoryGb), 'LIMIT_REACHED');
  }
}
