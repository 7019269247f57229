import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ownOrigin, prefetchPageData } from './ssr-data';

describe("the server render's own data", () => {
  it('asks in-process only for addresses on its own origin, read as a URL parser reads them', () => {
    expect(ownOrigin('')).toBe(true);
    expect(ownOrigin('/api/payments')).toBe(true);
    for (const elsewhere of ['//evil.example', '/\\evil.example', '/\t/evil.example', 'https://auth.example']) {
      expect(ownOrigin(elsewhere), elsewhere).toBe(false);
    }
  });

  it("puts the sign-in and payments configurations in the render's cache on their pages, and nothing elsewhere", async () => {
    const replies: Record<string, unknown> = {
      '/auth/config': { providers: ['google'], redirect_origins: ['https://app.example'] },
      '/api/payments/config': { provider: 'sandbox', currency: 'eur', priceIds: {} },
    };
    const fetchData = vi.fn((url: string) => Promise.resolve(replies[url]));

    const login = new QueryClient();
    await prefetchPageData(login, new URL('http://localhost/login?redirect=%2Fevents'), fetchData);
    expect(login.getQueryData(['auth', 'config'])).toEqual(replies['/auth/config']);

    const pricing = new QueryClient();
    await prefetchPageData(pricing, new URL('http://localhost/pricing'), fetchData);
    expect(
      pricing
        .getQueryCache()
        .getAll()
        .map((query) => query.state.data),
    ).toEqual([replies['/api/payments/config']]);

    fetchData.mockClear();
    await prefetchPageData(new QueryClient(), new URL('http://localhost/developer'), fetchData);
    expect(fetchData).not.toHaveBeenCalled();
  });

  it('leaves a configuration that does not parse (or does not come) to the browser', async () => {
    const client = new QueryClient();
    await prefetchPageData(client, new URL('http://localhost/login'), () => Promise.resolve({ providers: 'all' }));
    expect(client.getQueryData(['auth', 'config'])).toBeUndefined();
    await prefetchPageData(client, new URL('http://localhost/login'), () => Promise.reject(new Error('503')));
    expect(client.getQueryData(['auth', 'config'])).toBeUndefined();
  });
});
