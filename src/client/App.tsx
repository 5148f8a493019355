import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ErrorBoundary } from './core/ErrorBoundary.tsx';
import { createQueryClient } from './core/queryClient.ts';
import { TechnicalBreakGate } from './core/TechnicalBreakGate.tsx';
import { createRouter } from './router.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <TechnicalBreakGate>
          <RouterProvider router={router} />
        </TechnicalBreakGate>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
