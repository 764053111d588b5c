import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { Toaster } from '@/components/toast/toaster';
import { queryClient } from '@/lib/query-client';
import { installIntentPrefetch } from './route-prefetch';
import { AppRoutes } from './router';

/**
 * Declarative mode: the app loads no data through the router, so its data router (and its 17 KB
 * of gzipped JavaScript) is left out. The browser's history by default; the build's prerender
 * (src/prerender.tsx) passes a router fixed on one path.
 */
const browserRouter = (routes: ReactNode) => <BrowserRouter>{routes}</BrowserRouter>;

export function App({ router = browserRouter }: { router?: (routes: ReactNode) => ReactNode }) {
  useEffect(installIntentPrefetch, []);
  return (
    <QueryClientProvider client={queryClient}>
      {router(<AppRoutes />)}
      <Toaster />
    </QueryClientProvider>
  );
}
