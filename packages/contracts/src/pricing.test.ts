import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addonLimits,
  addonTypes,
  discountCents,
  findPack,
  packs,
  planContainerResources,
  planIds,
  planPriceCents,
  plans,
  quoteCustom,
  quotePack,
  quotePlan,
  yearlyDisplay,
  type AddonType,
  type Quote,
} from './pricing';

// Spec 2 section 9, written out again here (not read from the module): the last unit of each band
// (cumulative) and its price per unit in cents.
const specBands: Record<AddonType, readonly (readonly [number, number])[]> = {
  tokens: [
    [10, 300],
    [25, 280],
    [50, 260],
    [100, 240],
    [200, 220],
    [Infinity, 200],
  ],
  consultation: [
    [5, 6000],
    [10, 5500],
    [20, 5000],
    [40, 4500],
    [Infinity, 4000],
  ],
  development: [
    [8, 9000],
    [20, 8500],
    [40, 8000],
    [80, 7500],
    [Infinity, 7000],
  ],
};

/** The price of the nth unit (1-based) by the spec's bands. */
function unitPriceOf(type: AddonType, n: number): number {
  const band = specBands[type].find(([last]) => n <= last);
  if (band === undefined) throw new Error(`no band for unit ${n}`);
  return band[1];
}

// Totals in cents at every band edge, computed by hand.
const edges: Record<AddonType, readonly (readonly [number, number])[]> = {
  tokens: [
    [0, 0],
    [1, 300],
    [10, 3000], // 10*300
    [11, 3280], // 10*300 + 280
    [25, 7200], // 3000 + 15*280
    [26, 7460], // 7200 + 260
    [50, 13700], // 7200 + 25*260
    [51, 13940], // 13700 + 240
    [100, 25700], // 13700 + 50*240
    [101, 25920], // 25700 + 220
    [200, 47700], // 25700 + 100*220
    [201, 47900], // 47700 + 200
    [500, 107700], // 47700 + 300*200
  ],
  consultation: [
    [0, 0],
    [1, 6000],
    [5, 30000], // 5*6000
    [6, 35500], // 30000 + 5500
    [10, 57500], // 30000 + 5*5500
    [11, 62500], // 57500 + 5000
    [20, 107500], // 57500 + 10*5000
    [21, 112000], // 107500 + 4500
    [40, 197500], // 107500 + 20*4500
    [41, 201500], // 197500 + 4000
    [100, 437500], // 197500 + 60*4000
  ],
  development: [
    [0, 0],
    [1, 9000],
    [8, 72000], // 8*9000
    [9, 80500], // 72000 + 8500
    [20, 174000], // 72000 + 12*8500
    [21, 182000], // 174000 + 8000
    [40, 334000], // 174000 + 20*8000
    [41, 341500], // 334000 + 7500
    [80, 634000], // 334000 + 40*7500
    [81, 641000], // 634000 + 7000
    [200, 1474000], // 634000 + 120*7000
  ],
};

const edgeCases = addonTypes.flatMap((type) => edges[type].map(([quantity, cents]) => ({ type, quantity, cents })));

/** A type and a quantity from 0 to the slider's maximum. */
const typeAndQuantity = fc
  .constantFrom(...addonTypes)
  .chain((type) => fc.tuple(fc.constant(type), fc.integer({ min: 0, max: addonLimits[type].max })));

/** The same, below the maximum (so that q + 1 is still on the slider). */
const typeAndQuantityBelowMax = fc
  .constantFrom(...addonTypes)
  .chain((type) => fc.tuple(fc.constant(type), fc.integer({ min: 0, max: addonLimits[type].max - 1 })));

const percent = fc.integer({ min: 0, max: 100 });

function expectContiguousLines(quote: Quote, quantity: number): void {
  if (quantity === 0) {
    expect(quote.lines).toEqual([]);
    return;
  }
  expect(quote.lines[0]?.from).toBe(1);
  expect(quote.lines.at(-1)?.to).toBe(quantity);
  quote.lines.forEach((line, i) => {
    expect(line.units).toBeGreaterThan(0);
    expect(line.units).toBe(line.to - line.from + 1);
    expect(line.amountCents).toBe(line.units * line.unitCents);
    if (i > 0) expect(line.from).toBe(quote.lines[i - 1]!.to + 1);
  });
}

describe('graduated custom pricing', () => {
  it.each(edgeCases)('$type x $quantity costs $cents cents', ({ type, quantity, cents }) => {
    const quote = quoteCustom(type, quantity);
    expect(quote).toMatchObject({ subtotalCents: cents, percentOff: 0, discountCents: 0, totalCents: cents });
  });

  it('splits the quantity into band lines', () => {
    expect(quoteCustom('tokens', 0).lines).toEqual([]);
    expect(quoteCustom('tokens', 10).lines).toEqual([
      { from: 1, to: 10, units: 10, unitCents: 300, amountCents: 3000 },
    ]);
    expect(quoteCustom('tokens', 11).lines).toEqual([
      { from: 1, to: 10, units: 10, unitCents: 300, amountCents: 3000 },
      { from: 11, to: 11, units: 1, unitCents: 280, amountCents: 280 },
    ]);
    expect(quoteCustom('tokens', 201).lines).toEqual([
      { from: 1, to: 10, units: 10, unitCents: 300, amountCents: 3000 },
      { from: 11, to: 25, units: 15, unitCents: 280, amountCents: 4200 },
      { from: 26, to: 50, units: 25, unitCents: 260, amountCents: 6500 },
      { from: 51, to: 100, units: 50, unitCents: 240, amountCents: 12000 },
      { from: 101, to: 200, units: 100, unitCents: 220, amountCents: 22000 },
      { from: 201, to: 201, units: 1, unitCents: 200, amountCents: 200 },
    ]);
    expect(quoteCustom('consultation', 6).lines).toEqual([
      { from: 1, to: 5, units: 5, unitCents: 6000, amountCents: 30000 },
      { from: 6, to: 6, units: 1, unitCents: 5500, amountCents: 5500 },
    ]);
    expect(quoteCustom('development', 41).lines).toEqual([
      { from: 1, to: 8, units: 8, unitCents: 9000, amountCents: 72000 },
      { from: 9, to: 20, units: 12, unitCents: 8500, amountCents: 102000 },
      { from: 21, to: 40, units: 20, unitCents: 8000, amountCents: 160000 },
      { from: 41, to: 41, units: 1, unitCents: 7500, amountCents: 7500 },
    ]);
  });

  it('has the sliders of the spec: tokens 1-500, consultation 1-100, development 1-200, step 1', () => {
    expect(addonLimits).toEqual({
      tokens: { min: 1, max: 500, step: 1 },
      consultation: { min: 1, max: 100, step: 1 },
      development: { min: 1, max: 200, step: 1 },
    });
  });

  it('throws a RangeError for a negative or fractional quantity', () => {
    for (const type of addonTypes) {
      for (const quantity of [-1, -0.5, 0.5, 1.5, 10.01, NaN, Infinity, -Infinity]) {
        expect(() => quoteCustom(type, quantity)).toThrow(RangeError);
      }
    }
  });
});

describe('coupons', () => {
  it('apply last, to the subtotal, rounded half up to the cent', () => {
    expect(quoteCustom('tokens', 11, 10)).toMatchObject({
      subtotalCents: 3280,
      percentOff: 10,
      discountCents: 328,
      totalCents: 2952,
    });
    expect(quoteCustom('tokens', 26, 15)).toMatchObject({ subtotalCents: 7460, discountCents: 1119, totalCents: 6341 });
    // 12.5% of 300 = 37.5 -> 38.
    expect(quoteCustom('tokens', 1, 12.5)).toMatchObject({ subtotalCents: 300, discountCents: 38, totalCents: 262 });
    // The lines keep the undiscounted amounts.
    expect(quoteCustom('tokens', 11, 10).lines.map((l) => l.amountCents)).toEqual([3000, 280]);
    expect(discountCents(5, 50)).toBe(3); // 2.5
    expect(discountCents(15, 10)).toBe(2); // 1.5
    expect(discountCents(25, 10)).toBe(3); // 2.5
    expect(discountCents(14, 10)).toBe(1); // 1.4
    expect(discountCents(16, 10)).toBe(2); // 1.6
    expect(discountCents(1000, 0)).toBe(0);
  });

  it('of 100% make the total 0', () => {
    for (const type of addonTypes) {
      expect(quoteCustom(type, addonLimits[type].max, 100)).toMatchObject({ totalCents: 0 });
    }
    expect(quoteCustom('development', 200, 100)).toMatchObject({
      subtotalCents: 1474000,
      discountCents: 1474000,
      totalCents: 0,
    });
    expect(quotePack(findPack('tokens', 'medium')!, 100).totalCents).toBe(0);
    expect(quotePlan('enterprise', 'yearly', 100).totalCents).toBe(0);
  });
});

describe('packs', () => {
  it('are the spec table', () => {
    const table = (type: AddonType) => packs[type].map((p) => [p.name, p.quantity, p.priceCents]);
    expect(table('tokens')).toEqual([
      ['Small', 5, 1500],
      ['Medium', 20, 5000],
      ['Large', 50, 12000],
      ['XL', 100, 22000],
    ]);
    expect(table('consultation')).toEqual([
      ['Basic', 3, 18000],
      ['Standard', 8, 40000],
      ['Premium', 20, 90000],
    ]);
    expect(table('development')).toEqual([
      ['Starter', 5, 45000],
      ['Growth', 15, 120000],
      ['Enterprise', 40, 280000],
    ]);
  });

  it('cost their own price, not the bands', () => {
    const medium = findPack('tokens', 'medium')!;
    expect(medium.quantity).toBe(20);
    expect(quotePack(medium)).toEqual({
      subtotalCents: 5000,
      percentOff: 0,
      discountCents: 0,
      totalCents: 5000,
      lines: [],
    });
    expect(quoteCustom('tokens', 20).subtotalCents).toBe(5800); // 10*300 + 10*280
    expect(quotePack(medium, 20)).toMatchObject({ subtotalCents: 5000, discountCents: 1000, totalCents: 4000 });
    expect(quotePack(findPack('development', 'enterprise')!).totalCents).toBe(280000);
    expect(findPack('tokens', 'basic')).toBeUndefined();
    expect(findPack('consultation', 'nope')).toBeUndefined();
  });
});

describe('plans', () => {
  it('cost the spec table in cents', () => {
    expect(
      Object.values(plans).map((plan) => [plan.id, plan.monthlyCents, plan.yearlyCents, plan.tokensIncluded]),
    ).toEqual([
      ['free', 0, 0, 2],
      ['starter', 2900, 29000, 10],
      ['pro', 9900, 99000, 30],
      ['enterprise', 19900, 199000, 100],
    ]);
    expect(planPriceCents('starter', 'monthly')).toBe(2900);
    expect(planPriceCents('starter', 'yearly')).toBe(29000);
    expect(planPriceCents('pro', 'monthly')).toBe(9900);
    expect(planPriceCents('pro', 'yearly')).toBe(99000);
    expect(planPriceCents('enterprise', 'monthly')).toBe(19900);
    expect(planPriceCents('enterprise', 'yearly')).toBe(199000);
    expect(planPriceCents('free', 'monthly')).toBe(0);
    expect(planPriceCents('free', 'yearly')).toBe(0);
    expect(plans.pro.consultationIncluded).toBe(1);
    expect(plans.enterprise.consultationIncluded).toBe(3);
  });

  it('quote with the coupon last and no lines', () => {
    expect(quotePlan('pro', 'yearly', 10)).toEqual({
      subtotalCents: 99000,
      percentOff: 10,
      discountCents: 9900,
      totalCents: 89100,
      lines: [],
    });
    expect(quotePlan('starter', 'monthly')).toMatchObject({ subtotalCents: 2900, totalCents: 2900 });
  });

  it('show the yearly card as yearly / 12 and the saving against 12 months', () => {
    expect(yearlyDisplay('starter')).toEqual({ perMonthCents: 2417, savingCents: 5800 }); // 29000/12 = 2416.67; 34800 - 29000
    expect(yearlyDisplay('pro')).toEqual({ perMonthCents: 8250, savingCents: 19800 }); // 118800 - 99000
    expect(yearlyDisplay('enterprise')).toEqual({ perMonthCents: 16583, savingCents: 39800 }); // 16583.33; 238800 - 199000
    expect(yearlyDisplay('free')).toEqual({ perMonthCents: 0, savingCents: 0 });
  });
});

describe('plan cards', () => {
  // Nothing measures or limits a user's storage; what each container's disk is, the driver sets.
  it('sell no storage, only the container disks the tiers give (10, 50 and 100GB)', () => {
    for (const id of planIds) {
      expect(plans[id].features.filter((line) => /armazenamento|ilimitad/i.test(line))).toEqual([]);
    }
    for (const id of ['starter', 'pro', 'enterprise'] as const) {
      expect(plans[id].entitlements.containerTiers).toEqual(['small', 'medium', 'large']);
      expect(plans[id].features).toContain('Disco de 10 a 100GB por container');
    }
    expect(plans.enterprise.features).toContain('Até 25 utilizadores');
  });

  it('say the containers and key tier the server enforces', () => {
    expect(plans.free.features).toContain('3 containers small ou medium');
    for (const id of ['starter', 'pro', 'enterprise'] as const) {
      const { containers, keyTier } = plans[id].entitlements;
      expect(plans[id].features.filter((line) => line.startsWith(`${containers} containers,`))).toHaveLength(1);
      expect(plans[id].features).toContain(`API keys ${keyTier}`);
    }
  });

  it('say the seats an organisation on each plan holds (Enterprise: 25, as spec 2 sells it)', () => {
    expect(planIds.map((id) => [id, plans[id].entitlements.seats])).toEqual([
      ['free', 3],
      ['starter', 5],
      ['pro', 10],
      ['enterprise', 25],
    ]);
    for (const id of planIds) {
      const seatLines = plans[id].features.filter((line) => /utilizador/.test(line));
      expect(seatLines).toEqual([`Até ${String(plans[id].entitlements.seats)} utilizadores`]);
    }
  });

  it('need, at most, their containers on the largest tier they include', () => {
    // small 1 vCPU/1GB, medium 1/2GB, large 2/4GB
    expect(planIds.map((id) => [id, planContainerResources(id)])).toEqual([
      ['free', { containers: 3, vcpus: 3, memoryGb: 6 }],
      ['starter', { containers: 10, vcpus: 20, memoryGb: 40 }],
      ['pro', { containers: 25, vcpus: 50, memoryGb: 100 }],
      ['enterprise', { containers: 100, vcpus: 200, memoryGb: 400 }],
    ]);
  });
});

describe('pricing properties', () => {
  it('the total never decreases as the quantity grows, with or without a coupon', () => {
    fc.assert(
      fc.property(typeAndQuantityBelowMax, percent, ([type, q], off) => {
        expect(quoteCustom(type, q + 1).totalCents).toBeGreaterThanOrEqual(quoteCustom(type, q).totalCents);
        expect(quoteCustom(type, q + 1, off).totalCents).toBeGreaterThanOrEqual(quoteCustom(type, q, off).totalCents);
      }),
    );
  });

  it('never jumps at a band change: one more unit costs its band price, at most the first band price', () => {
    fc.assert(
      fc.property(typeAndQuantityBelowMax, ([type, q]) => {
        const step = quoteCustom(type, q + 1).subtotalCents - quoteCustom(type, q).subtotalCents;
        expect(step).toBe(unitPriceOf(type, q + 1));
        expect(step).toBeLessThanOrEqual(unitPriceOf(type, 1));
        expect(step).toBeGreaterThan(0);
      }),
    );
  });

  it('the line amounts add up to the subtotal and the lines cover 1..q contiguously', () => {
    fc.assert(
      fc.property(typeAndQuantity, percent, ([type, q], off) => {
        const quote = quoteCustom(type, q, off);
        expect(quote.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(quote.subtotalCents);
        expect(quote.totalCents).toBe(quote.subtotalCents - quote.discountCents);
        expect(quote.totalCents).toBeGreaterThanOrEqual(0);
        expectContiguousLines(quote, q);
      }),
    );
  });

  it('checks every quantity of every slider exhaustively', () => {
    for (const type of addonTypes) {
      let previous = quoteCustom(type, 0);
      for (let q = 1; q <= addonLimits[type].max; q++) {
        const quote = quoteCustom(type, q);
        expect(quote.subtotalCents - previous.subtotalCents).toBe(unitPriceOf(type, q));
        expectContiguousLines(quote, q);
        previous = quote;
      }
    }
  });

  it('refuses any negative or fractional quantity', () => {
    const bad = fc.oneof(
      fc.integer({ max: -1 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => !Number.isInteger(x)),
    );
    fc.assert(
      fc.property(fc.constantFrom(...addonTypes), bad, (type, quantity) => {
        expect(() => quoteCustom(type, quantity)).toThrow(RangeError);
      }),
    );
  });
});
