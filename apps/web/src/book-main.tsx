import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BookingApp } from './app/booking-app';
import './book.css';

/*
 * The entry of book.html, the public booking page (see app/booking-app.tsx). Everything it
 * imports statically is the page's first download, kept within 70 KB gzip
 * (scripts/report-bundle-size.mjs fails the build above that). A shared link arrives with its
 * first step already rendered by the server (book-ssr.tsx): that markup is hydrated, not redrawn.
 */
const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('book.html must contain <div id="root">');

const app = (
  <StrictMode>
    <BookingApp pathname={window.location.pathname} />
  </StrictMode>
);
if (rootElement.firstElementChild) hydrateRoot(rootElement, app);
else createRoot(rootElement).render(app);
