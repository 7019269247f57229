import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster } from '@/components/ui/sonner';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { createQueryClient } from '@/lib/query-client';
import { RealtimeProvider } from './realtime-provider';

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>
        <RealtimeProvider>{children}</RealtimeProvider>
      </AuthProvider>
      <LocalizedToaster />
    </QueryClientProvider>
  );
}

/** The toast host with its screen-reader labels in the language in use. */
function LocalizedToaster() {
  const { t } = useTranslation('shell');
  return (
    <Toaster containerAriaLabel={t('toaster.label')} toastOptions={{ closeButtonAriaLabel: t('toaster.close') }} />
  );
}
