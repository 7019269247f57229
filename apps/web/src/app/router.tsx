import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type HydrationState } from 'react-router';
import { routes } from './routes/route-table';

export function AppRouter({ hydrationData }: { hydrationData?: HydrationState }) {
  const [router] = useState(() => createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined));
  return <RouterProvider router={router} />;
}
