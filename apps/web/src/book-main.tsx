import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BookingApp } from './app/booking-app';
import { readEmbeddedClassNames } from './features/booking/lib/embedded-data';
import { primeClassNames, warmUpClassMerging } from './lib/cn';
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
if (rootElement.firstElementChild) {
  // Hydrating the server's markup merges no class name again (lib/cn.ts); the merging starts
  // when the visitor first touches or types, before the tap's or the key's answer needs it.
  primeClassNames(readEmbeddedClassNames());
  hydrateRoot(rootElement, app);
  for (const type of ['pointerdown', 'keydown'] as const) {
    window.addEventListener(type, warmUpClassMerging, { capture: true, once: true, passive: true });
  }
} else createRoot(rootElement).render(app);
