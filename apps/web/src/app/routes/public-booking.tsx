import { useParams } from 'react-router';
import { BookingPage } from '@/features/booking/components/booking-page';

/**
 * /book/:customLink and /profissional/:identifier are the same screen (docs/product.md section 2).
 * A visit to these addresses gets book.html from the server, its own small app (booking-app.tsx);
 * this route only serves a client-side navigation here (links to the page are plain anchors).
 */
export function PublicBookingRoute() {
  const { customLink, identifier } = useParams();
  const link = (customLink ?? identifier ?? '').trim();
  // A new link is a new page: nothing of the previous professional's wizard carries over.
  return <BookingPage key={link} link={link} />;
}
