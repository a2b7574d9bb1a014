import 'primereact/resources/themes/lara-light-indigo/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { configureAuth } from './app/auth';
import { router } from './app/router';

const root = createRoot(document.getElementById('root')!);
configureAuth()
  .then(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  )
  .catch((e: Error) => root.render(<p role="alert" className="fatal">Attain could not start: {e.message}</p>));
