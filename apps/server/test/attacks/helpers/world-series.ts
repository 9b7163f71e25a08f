import type { BookableProfessional } from '../../helpers/booking';

/** The owner's horário fixo (features/series): two Tuesdays, and the booking of its first date. */
export async function createOwnerSeries(
  owner: BookableProfessional,
  clientId: string,
  serviceId: string,
): Promise<{ seriesId: string; seriesBookingId: string }> {
  const res = await owner.pro.request({
    method: 'POST',
    url: '/api/series',
    payload: {
      clientId,
      serviceIds: [serviceId],
      startDate: '2026-12-08',
      startTime: '11:00',
      frequency: 'weekly',
      interval: 1,
      end: { kind: 'count', count: 2 },
    },
  });
  if (res.statusCode !== 201) throw new Error(`owner series: ${res.statusCode} ${res.body}`);
  return { seriesId: res.json().id, seriesBookingId: res.json().occurrences[0].bookingId };
}
