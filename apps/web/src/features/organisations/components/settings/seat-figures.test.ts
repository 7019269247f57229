import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { largerPlan, planName, seatFigures } from './seat-figures';

describe('seatFigures', () => {
  it('reads 4 used of 25 sold as 21 free, a sixth of the meter, and nothing to buy', () => {
    expect(seatFigures({ seats: 25, seats_used: 4, members: 3 })).toEqual({
      used: 4,
      sold: 25,
      members: 3,
      pending: 1,
      free: 21,
      ratio: 0.16,
      level: 'ok',
      full: false,
      upgrade: null,
    });
  });

  it('warns from 80 % of the seats, before an invitation is refused', () => {
    expect(seatFigures({ seats: 10, seats_used: 7, members: 7 }).level).toBe('ok');
    expect(seatFigures({ seats: 10, seats_used: 8, members: 7 }).level).toBe('near');
  });

  it('offers the next plan with more seats when every seat is taken, and none past Enterprise', () => {
    const free = seatFigures({ seats: 3, seats_used: 3, members: 2 });
    expect(free).toMatchObject({ full: true, level: 'full', free: 0, ratio: 1, upgrade: 'starter' });
    expect(seatFigures({ seats: 10, seats_used: 10, members: 10 }).upgrade).toBe('enterprise');
    expect(seatFigures({ seats: 25, seats_used: 25, members: 25 })).toMatchObject({ full: true, upgrade: null });
  });

  it('keeps the meter whole when more seats are used than sold (a plan made smaller)', () => {
    expect(seatFigures({ seats: 5, seats_used: 7, members: 7 })).toMatchObject({
      ratio: 1,
      free: 0,
      full: true,
      pending: 0,
    });
  });

  it('never counts more members than seats used, nor a negative pending count', () => {
    expect(seatFigures({ seats: 5, seats_used: 2, members: 3 })).toMatchObject({ members: 2, pending: 0 });
  });

  it('says the figures in both languages', () => {
    const args = { count: 25, used: '4', seats: '25' };
    expect(i18n.t('orgSettings:seats.used', args)).toBe('4 of 25 seats used');
    expect(i18n.t('orgSettings:seats.used', { ...args, lng: 'pt-PT' })).toBe('4 de 25 lugares ocupados');
  });
});

describe('plans', () => {
  it('names known plans and keeps an unknown id as sent', () => {
    expect(planName('enterprise')).toBe('Enterprise');
    expect(planName('legacy-team')).toBe('legacy-team');
  });

  it('finds the smallest plan that sells more seats', () => {
    expect(largerPlan(3)).toBe('starter');
    expect(largerPlan(25)).toBeNull();
  });
});
