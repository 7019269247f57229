import {
  ENQUIRY_MESSAGE_MAX_LENGTH,
  ENQUIRY_NAME_MAX_LENGTH,
  ENQUIRY_NAME_MIN_LENGTH,
  ENQUIRY_PHONE_MAX_LENGTH,
} from '@nuvem/contracts/programme';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { contractResolver } from '@/lib/forms';
import { formatCount } from '@/lib/format';
import { emptyEnquiryValues, enquiryFieldMessages, enquiryFormSchema, toEnquiryBody } from './enquiry-form';

const filled = { ...emptyEnquiryValues('inscricao'), name: '  Ana Silva ', email: 'ana@example.pt', consent: true };

async function check(values: Record<string, unknown>) {
  const resolve = contractResolver(enquiryFormSchema, i18n.t, enquiryFieldMessages(i18n.getFixedT(null, 'programme')));
  const result = await resolve(values as never, undefined, { fields: {}, shouldUseNativeValidation: false });
  const messages = Object.fromEntries(
    Object.entries(result.errors).map(([field, error]) => [field, (error as { message?: string }).message]),
  );
  return { values: result.values, messages };
}

describe('the enquiry form schema', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('accepts a filled form and trims it, and the body leaves empty optional fields out', async () => {
    const { values, messages } = await check(filled);
    expect(messages).toEqual({});
    expect(toEnquiryBody(values as never)).toEqual({
      name: 'Ana Silva',
      email: 'ana@example.pt',
      interest: 'inscricao',
      consent: true,
    });
  });

  it('keeps the optional fields that were filled in', async () => {
    const { values } = await check({ ...filled, phone: '+351 912 345 678', offering: 'bootcamps', message: 'Olá' });
    expect(toEnquiryBody(values as never)).toEqual({
      name: 'Ana Silva',
      email: 'ana@example.pt',
      phone: '+351 912 345 678',
      interest: 'inscricao',
      offering: 'bootcamps',
      message: 'Olá',
      consent: true,
    });
  });

  it("reports each invalid field once, in the user's language, with the contract's limits", async () => {
    const bad = { ...filled, name: 'A', email: 'nope', phone: 'abc', consent: false };
    expect((await check(bad)).messages).toEqual({
      name: `Use at least ${ENQUIRY_NAME_MIN_LENGTH} characters.`,
      email: 'Enter an e-mail address such as name@example.com.',
      phone: 'Use only digits, spaces, +, ( ) and -.',
      consent: 'Agree to be contacted so that we can send you an answer.',
    });
    await i18n.changeLanguage('pt-PT');
    expect((await check(bad)).messages).toEqual({
      name: `Use pelo menos ${ENQUIRY_NAME_MIN_LENGTH} caracteres.`,
      email: 'Introduza um endereço de e-mail como nome@exemplo.pt.',
      phone: 'Use apenas algarismos, espaços, +, ( ) e -.',
      consent: 'Aceite ser contactado para lhe enviarmos a resposta.',
    });
  });

  it('refuses one character over each limit of the contract, and not the limit itself', async () => {
    const over = {
      ...filled,
      name: 'a'.repeat(ENQUIRY_NAME_MAX_LENGTH + 1),
      phone: '9'.repeat(ENQUIRY_PHONE_MAX_LENGTH + 1),
      message: 'm'.repeat(ENQUIRY_MESSAGE_MAX_LENGTH + 1),
    };
    expect((await check(over)).messages).toEqual({
      name: `Use at most ${ENQUIRY_NAME_MAX_LENGTH} characters.`,
      phone: `Use at most ${ENQUIRY_PHONE_MAX_LENGTH} characters.`,
      message: `Use at most ${formatCount(ENQUIRY_MESSAGE_MAX_LENGTH)} characters.`, // 2,000
    });
    const atLimit = {
      ...filled,
      name: 'a'.repeat(ENQUIRY_NAME_MAX_LENGTH),
      phone: '9'.repeat(ENQUIRY_PHONE_MAX_LENGTH),
      message: 'm'.repeat(ENQUIRY_MESSAGE_MAX_LENGTH),
    };
    expect((await check(atLimit)).messages).toEqual({});
  });
});
