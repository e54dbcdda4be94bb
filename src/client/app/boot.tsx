import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { type AppPath, decide, ROUTE_ACCESS } from '@/shared/rules/access';
import { meQueryOptions } from '../lib/session';
import { preloadPath } from './pages';
import { AppProviders, createQueryClient } from './providers';
import { AppRoutes } from './router';
import { SessionProvider } from './session';

const queryClient = createQueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

function render(container: HTMLElement) {
  const app = createRoot(container);
  // A transition: React renders the first page in short slices, so the main thread
  // stays responsive (no long task) while the static first paint is still shown.
  startTransition(() =>
    app.render(
      <StrictMode>
        <BrowserRouter>
          <AppProviders client={queryClient}>
            <SessionProvider>
              <AppRoutes />
            </SessionProvider>
          </AppProviders>
        </BrowserRouter>
      </StrictMode>,
    ),
  );
}

// Who is signed in (GET /api/session, which the served page already preloads) and the
// route's chunk, both at once, and the data of a page that exports `firstData` (also
// preloaded; pages.ts caps the wait), once the route's guard lets this viewer see the page
// (the guard decides first: no request that would only get a 403). Over a static first
// paint the app renders only when they are in, so that paint is replaced by the finished
// page: no loader and no page skeleton in between. Without one (development), the session
// provider shows its loader as before. (No top-level await: page chunks import
// this module's chunk, and waiting here for them would deadlock.)
const me = queryClient.fetchQuery(meQueryOptions).catch(() => null);
const ready = Promise.all([
  me,
  preloadPath(window.location.pathname, queryClient, (route) =>
    me.then((user) => decide(ROUTE_ACCESS[route as AppPath], user).kind === 'allow'),
  ),
]);
if (root.firstElementChild) void ready.then(() => render(root));
else render(root);
