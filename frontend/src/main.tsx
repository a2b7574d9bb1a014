import 'primereact/resources/themes/lara-light-indigo/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { configureAuth } from './app/auth';
import { createQueryClient } from './app/query-client';
import { router } from './app/router';

/** The one query cache of the app; emptied on sign-out so the next user never sees the last one's data. */
const queryClient = createQueryClient();
/**
 * PrimeReact's settings: a dropdown's hidden native select (kept for forms) and its arrow (a mouse target, never
 * focused) are hidden from assistive technology; the visible combobox carries the field's name and value.
 */
const PRIME = { pt: { dropdown: { select: { 'aria-hidden': true }, trigger: { 'aria-hidden': true } } } };
const root = createRoot(document.getElementById('root')!);
configureAuth()
  .then(() =>
    root.render(
      <StrictMode>
        <PrimeReactProvider value={PRIME}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </PrimeReactProvider>
      </StrictMode>,
    ),
  )
  .catch((e: Error) =>
    root.render(
      <p role="alert" className="fatal">
        Attain could not start: {e.message}
      </p>,
    ),
  );
