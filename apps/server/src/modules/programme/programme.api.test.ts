import { errorResponseSchema } from '@nuvem/contracts/common';
import { programmeEnquiryResponseSchema } from '@nuvem/contracts/programme';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { programmeEnquiries } from '../../db/schema/programme-enquiries.js';
import { registerUser, testDriver, testOrigin, useTestApp } from '../../test/helper.js';

const valid = {
  name: 'Joana Ferreira',
  email: 'joana@example.pt',
  phone: '+351 912 345 678',
  interest: 'inscricao',
  offering: 'bootcamps',
  message: 'Gostaria de saber as datas do próximo bootcamp.',
  consent: true,
};

describe(`programme enquiries on ${testDriver}`, () => {
  const t = useTestApp();
  const count = async () =>
    (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(programmeEnquiries))[0]?.n ?? 0;
  const post = (payload: unknown, ip = '198.51.100.20', extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/programme/enquiries',
      remoteAddress: ip,
      headers: { origin: testOrigin, ...extra },
      payload: payload as object,
    });

  it('stores a valid enquiry and confirms it', async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    const body = programmeEnquiryResponseSchema.parse(res.json());
    expect(body.message).toBe('Obrigado! Recebemos o seu pedido e entraremos em contacto em breve.');
    expect(body.enquiry.id).toMatch(/^enq_/);
    const [row] = await t.app.db.select().from(programmeEnquiries).where(eq(programmeEnquiries.id, body.enquiry.id));
    expect(row).toMatchObject({
      name: 'Joana Ferreira',
      email: 'joana@example.pt',
      interest: 'inscricao',
      offering: 'bootcamps',
      userId: null,
    });
  });

  it('links the enquiry to the signed-in user', async () => {
    const user = await registerUser(t.app);
    const res = await post({ ...valid, offering: undefined, phone: undefined }, '198.51.100.21', {});
    const anonymous = programmeEnquiryResponseSchema.parse(res.json()).enquiry.id;
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/programme/enquiries',
      remoteAddress: '198.51.100.21',
      headers: { origin: testOrigin },
      cookies: { nuvem_session: user.cookie },
      payload: { ...valid, interest: 'consultor' },
    });
    const id = programmeEnquiryResponseSchema.parse(signed.json()).enquiry.id;
    const rows = await t.app.db.select().from(programmeEnquiries);
    expect(rows.find((r) => r.id === id)?.userId).toBe(user.id);
    expect(rows.find((r) => r.id === anonymous)?.offering).toBeNull();
  });

  it.each([
    [{ ...valid, email: 'joana' }, 'email: indique um e-mail válido'],
    [{ ...valid, name: 'J' }, 'name: indique o seu nome'],
    [{ ...valid, consent: false }, 'consent: aceite ser contactado'],
    [{ ...valid, interest: 'spam' }, 'interest: '],
    [{ ...valid, phone: 'call me maybe' }, 'phone: o telefone só pode ter dígitos'],
    [{ ...valid, message: 'x'.repeat(2001) }, 'message: a mensagem tem no máximo 2000 caracteres'],
  ])('refuses a bad enquiry with a clear message and stores nothing (%#)', async (payload, message) => {
    const before = await count();
    const res = await post(payload, '198.51.100.30');
    expect(res.statusCode).toBe(400);
    expect(errorResponseSchema.parse(res.json()).error).toContain(message);
    expect(await count()).toBe(before);
  });

  it('limits enquiries from one address to 5 per 10 minutes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(valid, '198.51.100.40')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = await post(valid, '198.51.100.40');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses an enquiry posted from another site', async () => {
    const res = await post(valid, '198.51.100.50', { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
  });
});
