import { describe, expect, it } from 'vitest';
import {
  emptyEnquiryValues,
  fieldErrorsFromServerText,
  firstInvalidField,
  validateEnquiry,
} from './enquiry-form-values';

const filled = {
  ...emptyEnquiryValues('inscricao'),
  name: '  Ana Silva ',
  email: 'ana@example.pt',
  consent: true,
};

describe('validateEnquiry', () => {
  it('leaves empty optional fields out and trims the rest', () => {
    expect(validateEnquiry(filled)).toEqual({
      success: true,
      body: { name: 'Ana Silva', email: 'ana@example.pt', interest: 'inscricao', consent: true },
    });
  });

  it('keeps the optional fields that were filled in', () => {
    const checked = validateEnquiry({
      ...filled,
      phone: '+351 912 345 678',
      offering: 'bootcamps',
      message: 'Olá',
    });
    expect(checked).toEqual({
      success: true,
      body: {
        name: 'Ana Silva',
        email: 'ana@example.pt',
        phone: '+351 912 345 678',
        interest: 'inscricao',
        offering: 'bootcamps',
        message: 'Olá',
        consent: true,
      },
    });
  });

  it('reports each invalid field once with the contract message, in form order', () => {
    const checked = validateEnquiry({ ...filled, name: 'A', email: 'nope', phone: 'abc', consent: false });
    expect(checked.success).toBe(false);
    if (checked.success) return;
    expect(checked.errors).toEqual({
      name: 'Indique o seu nome (2 a 120 caracteres)',
      email: 'Indique um e-mail válido',
      phone: 'O telefone só pode ter dígitos, espaços, +, ( ) e -',
      consent: 'Aceite ser contactado para enviarmos a resposta',
    });
    expect(firstInvalidField(checked.errors)).toBe('name');
  });
});

describe('fieldErrorsFromServerText', () => {
  it('maps the parts that name a field of the form', () => {
    expect(fieldErrorsFromServerText('email: indique um e-mail válido')).toEqual({ email: 'Indique um e-mail válido' });
    expect(fieldErrorsFromServerText('body.name: indique o seu nome; consent: aceite')).toEqual({
      name: 'Indique o seu nome',
      consent: 'Aceite',
    });
  });

  it('ignores text that names no field', () => {
    expect(fieldErrorsFromServerText('Demasiados pedidos. Tente mais tarde.')).toEqual({});
    expect(fieldErrorsFromServerText('other: x')).toEqual({});
  });
});
