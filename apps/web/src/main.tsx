import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { paths } from './config/paths';
import { askMeEarly } from './features/auth/api/get-me';
import { captureInstallPrompt } from './lib/install-prompt';
import './index.css';

captureInstallPrompt();
if (window.location.pathname.startsWith(paths.dashboard.root.path)) askMeEarly();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html must contain <div id="root">');

createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
