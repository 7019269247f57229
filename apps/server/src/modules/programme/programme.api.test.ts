import { errorResponseSchema } from '@nuvem/contracts/common';
import { programmeEnquiryResponseSchema } from '@nuvem/contracts/programme';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { programmeEnquiries } from '../../db/schema/programme-enquiries.js';
import { registerUser, testDriver, testOrigin, useTestApp } from '../../test/helper.testing.js';

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
    [{ ...valid, email: 'joana' }, 'body.email', 'Email must be a valid e-mail address.'],
    [{ ...valid, name: 'J' }, 'body.name', 'Name must be 2 to 120 characters.'],
    [{ ...valid, consent: false }, 'body.consent', 'Consent must be accepted so that we can answer.'],
    [
      { ...valid, interest: 'spam' },
      'body.interest',
      'Interest must be one of: inscricao, saber-mais, consultor, programa.',
    ],
    [{ ...valid, phone: 'call me maybe' }, 'body.phone', 'Phone may contain only digits, spaces, +, ( ) and -.'],
    [{ ...valid, message: 'x'.repeat(2001) }, 'body.message', 'Message must be at most 2000 characters.'],
  ])(
    'refuses a bad enquiry with a clear message beside its field and stores nothing (%#)',
    async (payload, path, message) => {
      const before = await count();
      const res = await post(payload, '198.51.100.30');
      expect(res.statusCode).toBe(400);
      const body = errorResponseSchema.parse(res.json());
      expect(body.error).toBe(message);
      expect(body.details).toEqual([expect.objectContaining({ path, message: message.replace(/\.$/, '') })]);
      expect(await count()).toBe(before);
    },
  );

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
