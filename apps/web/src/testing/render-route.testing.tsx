import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes/route-table';
import { createQueryClient } from '@/lib/query-client';

/**
 * Renders the app's real route table at `path` inside the app's providers, as a browser at that
 * address would. The AuthProvider checks the session on mount: answer `fetch` (see mock-fetch.ts).
 */
export function renderRoute(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router };
}
