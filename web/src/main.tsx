import '@web/lib/zod-without-eval';
// The global styles first: each component's CSS module, bundled where the
// component is first imported, then comes after them and wins a tie.
import '@web/styles/tokens.css';
import '@web/styles/base.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createQueryClient } from '@web/app/query-client';
import { AppRoutes } from '@web/app/router';

const queryClient = createQueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      {/* Plain (non-transition) location updates, so a navigation and a session
          change made together in flushSync land in one render. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
