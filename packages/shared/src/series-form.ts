import { z } from 'zod';
import { isIsoDate } from './iso-date';
import { moneyTextSchema } from './money';
import {
  SERIES_MAX_COUNT,
  SERIES_MAX_SERVICES,
  SERIES_SCOPES,
  type SeriesInput,
} from './series-schemas';

/**
 * The Agenda's "Novo horário fixo" and "Horário fixo" forms (react-hook-form + zodResolver):
 * flat fields as a person fills them, turned into the API's input by `toSeriesInput`.
 */

export const SERIES_REPEATS = ['1', '2', '3', '4', 'monthly'] as const;
export type SeriesRepeat = (typeof SERIES_REPEATS)[number];
export const SERIES_REPEAT_LABELS: Record<SeriesRepeat, string> = {
  '1': 'Toda semana',
  '2': 'A cada 2 semanas',
  '3': 'A cada 3 semanas',
  '4': 'A cada 4 semanas',
  monthly: 'Todo mês (mesmo dia da semana)',
};

const isoDate = (message: string) => z.string().refine(isIsoDate, message);
const hhmm = /^([01]\d|2[0-3]):[0-5]\d$/;

export const seriesFormSchema = z
  .object({
    clientId: z.uuid({ error: 'Escolha o cliente' }),
    serviceIds: z
      .array(z.string())
      .min(1, 'Escolha ao menos um serviço')
      .max(SERIES_MAX_SERVICES, `No máximo ${SERIES_MAX_SERVICES} serviços`),
    startDate: isoDate('Escolha a primeira data'),
    startTime: z.string().regex(hhmm, 'Informe o horário'),
    repeat: z.enum(SERIES_REPEATS, { error: 'Escolha a repetição' }),
    endKind: z.enum(['count', 'until']),
    count: z.string(),
    until: z.string(),
  })
  .superRefine((form, ctx) => {
    if (form.endKind === 'count') {
      const count = Number(form.count);
      if (!/^\d{1,2}$/.test(form.count.trim()) || count < 1 || count > SERIES_MAX_COUNT) {
        ctx.addIssue({
          code: 'custom',
          path: ['count'],
          message: `Informe de 1 a ${SERIES_MAX_COUNT} vezes`,
        });
      }
    } else if (!isIsoDate(form.until)) {
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'Escolha a data final' });
    }
  });
export type SeriesFormInput = z.input<typeof seriesFormSchema>;
export type SeriesFormOutput = z.output<typeof seriesFormSchema>;

export function toSeriesInput(form: SeriesFormOutput): SeriesInput {
  return {
    clientId: form.clientId,
    serviceIds: form.serviceIds,
    startDate: form.startDate,
    startTime: form.startTime,
    frequency: form.repeat === 'monthly' ? 'monthly' : 'weekly',
    interval: form.repeat === 'monthly' ? 1 : Number(form.repeat),
    end:
      form.endKind === 'count'
        ? { kind: 'count', count: Number(form.count) }
        : { kind: 'until', until: form.until },
  };
}

export const SERIES_SCOPE_LABELS: Record<(typeof SERIES_SCOPES)[number], string> = {
  one: 'Só este',
  following: 'Este e os seguintes',
  all: 'Toda a série',
};

/** "Horário fixo" > Alterar: the time (and, for one date, the date) and the prices as typed. */
export const seriesChangeFormSchema = z.object({
  scope: z.enum(SERIES_SCOPES, { error: 'Escolha a quais datas aplicar' }),
  appointmentDate: isoDate('Escolha a data'),
  startTime: z.string().regex(hhmm, 'Informe o horário'),
  prices: z.array(moneyTextSchema('Informe o valor')),
});
export type SeriesChangeFormInput = z.input<typeof seriesChangeFormSchema>;
export type SeriesChangeFormOutput = z.output<typeof seriesChangeFormSchema>;
