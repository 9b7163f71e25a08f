import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BookingApp } from './app/booking-app';
import './book.css';

/*
 * The entry of book.html, the public booking page (see app/booking-app.tsx). Everything it
 * imports statically is the page's first download, kept within 120 KB gzip
 * (scripts/report-bundle-size.mjs fails the build above that).
 */
const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('book.html must contain <div id="root">');

createRoot(rootElement).render(
  <StrictMode>
    <BookingApp pathname={window.location.pathname} />
  </StrictMode>,
);
