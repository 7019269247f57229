import { billingMessages } from '@nuvem/contracts/billing';
import { containerLimitMessages } from '@nuvem/contracts/containers';
import { planIds, plans } from '@nuvem/contracts/pricing';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { assertWithinQuota, configuredContainerQuota, planContainerQuota, usageOf, type PlanReader } from './quota.js';

// The configured quota reads nothing.
const unusedDb = Object.create(null) as PlanReader;

describe('container quota', () => {
  it('adds up tiers, counting an unknown tier as the largest', () => {
    expect(usageOf(['small', 'medium', 'large'])).toEqual({ count: 3, vcpus: 4, memoryGb: 7 });
    expect(usageOf(['retired-tier'])).toEqual({ count: 1, vcpus: 2, memoryGb: 4 });
  });

  it('refuses the container past the count, then vCPUs, then memory', () => {
    const quota = { count: 2, vcpus: 3, memoryGb: 5 };
    expect(() => assertWithinQuota(quota, ['small', 'small'], { tier: 'small' })).toThrow(
      containerLimitMessages.containers(2),
    );
    expect(() => assertWithinQuota(quota, ['large'], { tier: 'large' })).toThrow(containerLimitMessages.vcpus(3, 2));
    expect(() => assertWithinQuota(quota, ['large'], { tier: 'medium' })).toThrow(containerLimitMessages.memory(5, 4));
    expect(() => assertWithinQuota(quota, ['large'], { tier: 'small' })).not.toThrow();
  });

  it('lets a scale that does not grow pass even above a lowered quota, and not one that grows', () => {
    const lowered = { count: 1, vcpus: 1, memoryGb: 1 };
    expect(() => assertWithinQuota(lowered, ['large'], { tier: 'small', replacing: 'large' })).not.toThrow();
    expect(() => assertWithinQuota(lowered, ['large'], { tier: 'large', replacing: 'small' })).toThrow(
      containerLimitMessages.vcpus(1, 3),
    );
  });

  it('reads MAX_CONTAINERS_PER_USER, MAX_CONTAINER_VCPUS_PER_USER and MAX_CONTAINER_MEMORY_GB_PER_USER', async () => {
    const unplanned = loadConfig({ PLAN_QUOTAS: 'false' });
    expect(await configuredContainerQuota(unplanned).containerQuotaFor('usr_x', unusedDb)).toEqual({
      count: 10,
      vcpus: 16,
      memoryGb: 32,
    });
    const config = loadConfig({
      PLAN_QUOTAS: 'false',
      MAX_CONTAINERS_PER_USER: '3',
      MAX_CONTAINER_VCPUS_PER_USER: '4',
      MAX_CONTAINER_MEMORY_GB_PER_USER: '8',
      MAX_APPLICATIONS_PER_USER: '2',
      MAX_API_KEYS_PER_USER: '5',
      USER_API_RATE_LIMIT_PER_MINUTE: '120',
    });
    expect(config.userLimits).toEqual({
      applications: 2,
      apiKeys: 5,
      containers: { count: 3, vcpus: 4, memoryGb: 8 },
      apiRequestsPerMinute: 120,
    });
    expect(() => loadConfig({ MAX_CONTAINERS_PER_USER: '-1' })).toThrow(/MAX_CONTAINERS_PER_USER/);
    expect(() => loadConfig({ USER_API_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/USER_API_RATE_LIMIT_PER_MINUTE/);
  });
});

describe('plan quotas', () => {
  const plan = { name: 'Free', count: 3, tiers: ['small', 'medium'] };
  const quota = { count: 10, vcpus: 16, memoryGb: 32, plan };

  it('refuses a tier the plan does not include with 403 PLAN_LIMIT, before the caps', () => {
    expect(() => assertWithinQuota(quota, [], { tier: 'large' })).toThrow(billingMessages.planTier('Free', 'large'));
    expect(() => assertWithinQuota(quota, [], { tier: 'large', replacing: 'small' })).toThrow(/does not include large/);
  });

  it('refuses one container past the plan, and lets a scale within it through', () => {
    expect(() => assertWithinQuota(quota, ['small', 'small'], { tier: 'small' })).not.toThrow();
    expect(() => assertWithinQuota(quota, ['small', 'small', 'small'], { tier: 'small' })).toThrow(
      billingMessages.planContainers('Free', 3),
    );
    expect(() => assertWithinQuota(quota, ['small', 'small'], { tier: 'medium', replacing: 'small' })).not.toThrow();
  });

  it('keeps a container on a tier the plan no longer includes (a downgrade) where it is', () => {
    expect(() => assertWithinQuota(quota, [], { tier: 'large', replacing: 'large' })).not.toThrow();
  });

  it("gives the operator's caps with the user's plan (Free without one, and for a plan it does not know)", async () => {
    const config = loadConfig({});
    const reader = (plan: string | undefined): PlanReader => ({ planOf: async () => plan });
    const free = await planContainerQuota(config).containerQuotaFor('usr_x', reader(undefined));
    expect(free).toMatchObject({ count: 100, vcpus: 200, memoryGb: 400, plan: { name: 'Free' } });
    expect(await planContainerQuota(config).containerQuotaFor('usr_x', reader('retired-plan'))).toEqual(free);
    const paid = await planContainerQuota(config).containerQuotaFor('usr_x', reader('pro'));
    expect(paid.plan).toEqual({
      name: plans.pro.name,
      count: plans.pro.entitlements.containers,
      tiers: plans.pro.entitlements.containerTiers,
    });
  });
});

describe('operator caps with plan quotas', () => {
  const caps = (env: Record<string, string>) => loadConfig(env).userLimits.containers;

  it('default to what the largest plan sells: 100 large containers (200 vCPUs, 400 GB)', () => {
    expect(caps({})).toEqual({ count: 100, vcpus: 200, memoryGb: 400 });
    expect(caps({ PLAN_QUOTAS: 'true', MAX_CONTAINERS_PER_USER: '' })).toEqual({
      count: 100,
      vcpus: 200,
      memoryGb: 400,
    });
  });

  it('let every plan fill its card: its containers, all on its largest tier', async () => {
    const config = loadConfig({});
    for (const id of planIds) {
      const { containers, containerTiers } = plans[id].entitlements;
      const largest = containerTiers.includes('large') ? 'large' : 'medium';
      const quota = await planContainerQuota(config).containerQuotaFor('usr_x', { planOf: async () => id });
      const full = Array.from({ length: containers - 1 }, () => largest);
      expect(() => assertWithinQuota(quota, full, { tier: largest })).not.toThrow();
      expect(() => assertWithinQuota(quota, [...full, largest], { tier: 'small' })).toThrow(
        billingMessages.planContainers(plans[id].name, containers),
      );
    }
  });

  it('refuse at start a cap below what a plan sells, naming the plans and the figure needed', () => {
    expect(() => loadConfig({ MAX_CONTAINERS_PER_USER: '10' })).toThrow(
      'MAX_CONTAINERS_PER_USER: 10 is below what the plans sell (Pro 25, Enterprise 100 containers); set it to at least 100',
    );
    expect(() => loadConfig({ MAX_CONTAINER_VCPUS_PER_USER: '16' })).toThrow(
      'MAX_CONTAINER_VCPUS_PER_USER: 16 is below what the plans sell (Starter 20, Pro 50, Enterprise 200 vCPUs); set it to at least 200',
    );
    expect(() => loadConfig({ MAX_CONTAINER_MEMORY_GB_PER_USER: '100' })).toThrow(
      'MAX_CONTAINER_MEMORY_GB_PER_USER: 100 is below what the plans sell (Enterprise 400 GB of memory); set it to at least 400',
    );
    expect(caps({ MAX_CONTAINERS_PER_USER: '150', MAX_CONTAINER_VCPUS_PER_USER: '200' })).toEqual({
      count: 150,
      vcpus: 200,
      memoryGb: 400,
    });
  });

  it('take any figure with PLAN_QUOTAS off', () => {
    expect(caps({ PLAN_QUOTAS: '0', MAX_CONTAINERS_PER_USER: '2', MAX_CONTAINER_VCPUS_PER_USER: '4' })).toEqual({
      count: 2,
      vcpus: 4,
      memoryGb: 32,
    });
  });
});
