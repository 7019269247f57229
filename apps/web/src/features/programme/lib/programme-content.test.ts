import { programmeOfferings } from '@nuvem/contracts/programme';
import { describe, expect, it } from 'vitest';
import { programmeOfferingsContent, programmeStatsContent } from './programme-content';

describe('programme content', () => {
  it('has the six offerings of the contract, in the spec order, each with three distinct highlights', () => {
    expect(programmeOfferingsContent.map((offering) => offering.id)).toEqual([...programmeOfferings]);
    for (const offering of programmeOfferingsContent) {
      expect(new Set(offering.highlights).size).toBe(3);
      expect(offering.title).not.toBe('');
    }
  });

  it('quotes the marketing figures exactly', () => {
    expect(programmeStatsContent).toEqual([
      { value: '500+', label: 'empresas parceiras' },
      { value: '95%', label: 'taxa de empregabilidade' },
      { value: '10k+', label: 'formados' },
    ]);
  });
});
