import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { AppRoutes } from './app/router';
import { SessionProvider } from './app/session';

const queryClient = createQueryClient();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <AppProviders client={queryClient}>
        <SessionProvider>
          <AppRoutes />
        </SessionProvider>
      </AppProviders>
    </BrowserRouter>
  </StrictMode>,
);
