import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { Toaster } from '@/components/toast/toaster';
import { queryClient } from '@/lib/query-client';
import { installIntentPrefetch } from './route-prefetch';
import { AppRoutes } from './router';

export function App() {
  useEffect(installIntentPrefetch, []);
  return (
    <QueryClientProvider client={queryClient}>
      {/* Declarative mode: the app loads no data through the router, so its data router (and
          its 17 KB of gzipped JavaScript) is left out. */}
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Toaster />
    </QueryClientProvider>
  );
}
