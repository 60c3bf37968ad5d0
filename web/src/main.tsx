import '@web/lib/zod-without-eval';
// The global styles first: each component's CSS module, bundled where the
// component is first imported, then comes after them and wins a tie.
import '@web/styles/tokens.css';
import '@web/styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { preloadOnIntent } from '@web/app/preload-on-intent';
import { AppRoutes } from '@web/app/router';
import { apiClient } from '@web/lib/api-client';
import { earlyDataOf } from '@web/lib/early-data';
import { preloadPath } from '@web/lib/preload-path';
import { startSessionCheck, whenSessionKnown } from '@web/lib/session';

// Who is signed in is asked before React renders anything, while the code of
// the page this address opens (for a visitor; for the student, once known) downloads.
const here = `${location.pathname}${location.search}`;
startSessionCheck();
// And the dashboard's data beside it, when this browser's student was signed in when last seen.
for (const path of earlyDataOf(location.pathname, location.search)) apiClient.startEarlyGet(path);
preloadPath(here);
whenSessionKnown(() => preloadPath(here));
preloadOnIntent(document);

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
