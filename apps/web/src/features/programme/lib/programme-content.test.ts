import { programmeOfferings } from '@nuvem/contracts/programme';
import { describe, expect, it } from 'vitest';
import { programme as en } from '../i18n/en';
import { programme as pt } from '../i18n/pt-PT';
import { highlightKeys, offeringIds, programmeStatsContent } from './programme-content';

describe('programme content', () => {
  it('has the six offerings of the contract, in the spec order, each with three distinct highlights in both languages', () => {
    expect([...offeringIds]).toEqual([...programmeOfferings]);
    for (const catalogue of [en, pt]) {
      expect(Object.keys(catalogue.offerings)).toEqual([...programmeOfferings]);
      for (const id of offeringIds) {
        const highlights = highlightKeys.map((key) => catalogue.offerings[id].highlights[key]);
        expect(new Set(highlights).size).toBe(3);
      }
    }
  });

  it('quotes the marketing figures exactly', () => {
    expect(programmeStatsContent.map((stat) => stat.value)).toEqual(['500+', '95%', '10k+']);
    expect(programmeStatsContent.map((stat) => pt.stats[stat.key])).toEqual([
      'empresas parceiras',
      'taxa de empregabilidade',
      'formados',
    ]);
  });
});
