import './lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/router';
import { useSessionStore } from './features/auth/session-store';
import './styles.css';

// Started outside React so StrictMode's double effects cannot ask twice.
useSessionStore.getState().startSessionCheck();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    {/* Plain (non-transition) location updates, so a navigation and a session
        change made together in flushSync land in one render. */}
    <BrowserRouter useTransitions={false}>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>,
);
