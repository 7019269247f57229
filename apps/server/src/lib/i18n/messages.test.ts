import { accountEmailMessages } from '@nuvem/contracts/account-email';
import { accountMessages } from '@nuvem/contracts/account';
import { aiSecurityMessages } from '@nuvem/contracts/ai-security';
import { applicationLimitMessages, applicationMessages } from '@nuvem/contracts/applications';
import { authMessages, signInErrorMessages } from '@nuvem/contracts/auth';
import { billingMessages, pricingMessages } from '@nuvem/contracts/billing';
import { errorMessages } from '@nuvem/contracts/common';
import { containerLimitMessages } from '@nuvem/contracts/containers';
import { eventsMessages } from '@nuvem/contracts/events';
import { mfaMessages } from '@nuvem/contracts/mfa';
import { orgMessages } from '@nuvem/contracts/orgs';
import { postMessages } from '@nuvem/contracts/profile-posts';
import { profileMessages } from '@nuvem/contracts/profiles';
import { vatMessages } from '@nuvem/contracts/tax';
import { workflowMessages } from '@nuvem/contracts/workflows';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { requestLanguage } from './language.js';
import { fixedMessages, templateMessages, translateMessage } from './messages.js';

/** The fixed texts of a contracts message object (its functions are checked with figures below). */
const texts = (messages: Record<string, unknown>, except: string[] = []) =>
  Object.entries(messages)
    .filter(([key, value]) => typeof value === 'string' && !except.includes(key))
    .map(([, value]) => value as string);

/** Every fixed English text the server throws (the pricing page's events texts and predicates excluded). */
const serverEnglish = [
  ...texts(errorMessages),
  ...texts(authMessages),
  ...texts(signInErrorMessages),
  ...texts(accountMessages),
  ...texts(accountEmailMessages),
  ...texts(mfaMessages),
  ...texts(orgMessages),
  ...texts(applicationMessages),
  ...texts(billingMessages),
  pricingMessages.calculateFailed,
  pricingMessages.checkoutFailed,
  pricingMessages.subscriptionCheckoutFailed,
  vatMessages.country,
  vatMessages.vatNumberOutsideEu,
  ...texts(postMessages),
  ...texts(profileMessages),
  eventsMessages.notFound,
  eventsMessages.alreadyRegistered,
  eventsMessages.notRegistered,
  eventsMessages.soldOutError,
  eventsMessages.cancelled,
  eventsMessages.past,
  eventsMessages.notOrganiser,
  ...texts(aiSecurityMessages),
  ...texts(workflowMessages),
];

/** The texts the contracts write with figures, written with sample figures. */
const serverEnglishWithFigures = [
  AppError.tooManyRequests(1000).message,
  AppError.tooManyRequests(45_000).message,
  AppError.tooManyRequests(600_000).message,
  billingMessages.planContainers('Starter', 1),
  billingMessages.planContainers('Pro', 5),
  billingMessages.planTier('Free', 'performance'),
  containerLimitMessages.containers(3),
  containerLimitMessages.vcpus(8, 6),
  containerLimitMessages.memory(16, 12),
  applicationLimitMessages.applications(10),
  applicationLimitMessages.apiKeys(20),
  orgMessages.seatsFull(5),
  orgMessages.invitationOtherAddress('ana@example.com'),
  vatMessages.vatNumberFormat('PT', 'PT'),
  vatMessages.vatNumberOtherCountry('PT', 'ES'),
];

/** The spec's Portuguese texts the server sends (the pricing page's). */
const serverPortuguese = [
  pricingMessages.signInRequired,
  pricingMessages.couponInvalid,
  pricingMessages.invalidPrice,
  pricingMessages.priceIdMissing,
  pricingMessages.couponEmpty,
];

describe('the server catalogue', () => {
  it.each(serverEnglish)('has a European Portuguese text for %j', (text) => {
    const pt = translateMessage(text, 'pt-PT');
    expect(pt).not.toBe(text);
    expect(translateMessage(text, 'en')).toBe(text);
    // And back: the Portuguese text reads as the English one.
    expect(translateMessage(pt, 'en')).toBe(text);
  });

  it.each(serverEnglishWithFigures)('has a European Portuguese text for %j, figures kept', (text) => {
    const pt = translateMessage(text, 'pt-PT');
    expect(pt).not.toBe(text);
    for (const figure of text.match(/\d+|ana@example\.com|Starter|Pro\b|performance/g) ?? []) {
      expect(pt).toContain(figure);
    }
    expect(translateMessage(text, 'en')).toBe(text);
    expect(translateMessage(pt, 'en')).toBe(text);
  });

  it.each(serverPortuguese)('has an English text for the spec text %j, and keeps it in pt-PT', (text) => {
    expect(translateMessage(text, 'pt-PT')).toBe(text);
    expect(translateMessage(text, 'en')).not.toBe(text);
  });

  it('names the sign-in toast in English as the web catalogue does', () => {
    expect(translateMessage(pricingMessages.signInRequired, 'en')).toBe('Please sign in to continue');
  });

  it('has both languages for every entry, and no text in two entries', () => {
    const seen = new Set<string>();
    for (const entry of [...fixedMessages, ...templateMessages]) {
      expect(entry.en.trim()).not.toBe('');
      expect(entry['pt-PT'].trim()).not.toBe('');
      expect(entry['pt-PT']).not.toBe(entry.en);
      for (const text of [entry.en, entry['pt-PT']]) {
        expect(seen.has(text), text).toBe(false);
        seen.add(text);
      }
    }
  });

  it('leaves a text it does not know as it is', () => {
    expect(translateMessage('Something new', 'pt-PT')).toBe('Something new');
  });
});

describe('requestLanguage', () => {
  it.each([
    ['pt', 'pt-PT'],
    ['pt-PT', 'pt-PT'],
    ['pt-BR,pt;q=0.9', 'pt-PT'],
    ['en', 'en'],
    ['en-GB,en;q=0.9,pt;q=0.8', 'en'],
    ['de', 'en'],
    [undefined, null],
    ['', null],
    ['*', null],
    // The weights decide, not the order; q=0 refuses a language; malformed weights are ignored.
    ['en;q=0.5,pt-PT', 'pt-PT'],
    ['pt-PT;q=0', null],
    ['pt-PT;q=0,en;q=0.1', 'en'],
    ['de-DE,de;q=0.9,pt;q=0.8,en;q=0.7', 'pt-PT'],
    ['de-DE,de;q=0.9', 'en'],
    ['pt;q=abc,en;q=0.2', 'en'],
    ['*;q=0.5,pt;q=0.4', 'pt-PT'],
  ])('reads %j as %j', (header, language) => {
    expect(requestLanguage(header)).toBe(language);
  });
});
