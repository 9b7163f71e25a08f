/**
 * The booking wizard (docs/product.md section 4): 1 Serviços, 2 Data, 3 Horário. Forward from 1 needs a
 * service, from 2 a date; back goes down one step; a slot opens the confirmation only when
 * services and a date exist. Pure, so the rules are tested without a screen.
 */

export type WizardStep = 1 | 2 | 3;

export interface WizardState {
  step: WizardStep;
  /** In the order picked; `summarizeSelection` puts them in the listed (booking) order. */
  serviceIds: string[];
  /** "YYYY-MM-DD" or null. */
  date: string | null;
  /** "HH:MM" while the confirmation dialog is open, else null. */
  time: string | null;
}

export type WizardAction =
  | { type: 'toggleService'; serviceId: string }
  | { type: 'preselectService'; serviceId: string }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'selectDate'; date: string | null }
  | { type: 'selectTime'; time: string }
  | { type: 'clearTime' }
  | { type: 'reset' };

export const INITIAL_WIZARD_STATE: WizardState = {
  step: 1,
  serviceIds: [],
  date: null,
  time: null,
};

/** The service a link asks for (`?servico=<id>`), if the page lists it. */
export function serviceFromSearch(search: string, serviceIds: readonly string[]): string | null {
  const asked = new URLSearchParams(search).get('servico');
  return asked && serviceIds.includes(asked) ? asked : null;
}

export const NO_SERVICE_WARNING = 'Selecione pelo menos um serviço para continuar.';
export const NO_DATE_WARNING = 'Selecione uma data para continuar.';
export const INCOMPLETE_SELECTION_ERROR = 'Por favor, selecione serviços, data e horário.';

/** Why "continue" cannot leave the current step, or null when it can. */
export function getForwardBlocker(state: WizardState): string | null {
  if (state.step === 1 && state.serviceIds.length === 0) return NO_SERVICE_WARNING;
  if (state.step === 2 && !state.date) return NO_DATE_WARNING;
  return null;
}

/** A slot may open the confirmation only with services and a date chosen. */
export function canPickTime(state: WizardState): boolean {
  return state.serviceIds.length > 0 && state.date !== null;
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'toggleService': {
      const isSelected = state.serviceIds.includes(action.serviceId);
      return {
        ...state,
        serviceIds: isSelected
          ? state.serviceIds.filter((id) => id !== action.serviceId)
          : [...state.serviceIds, action.serviceId],
        // The offered times depend on the total duration.
        time: null,
      };
    }
    case 'preselectService':
      // A "hora de voltar" link names a service (`?servico=`): chosen only on an untouched page.
      if (state.step !== 1 || state.serviceIds.length > 0) return state;
      return { ...state, serviceIds: [action.serviceId] };
    case 'next':
      if (getForwardBlocker(state) || state.step === 3) return state;
      return { ...state, step: (state.step + 1) as WizardStep };
    case 'back':
      if (state.step === 1) return state;
      return { ...state, step: (state.step - 1) as WizardStep, time: null };
    case 'selectDate':
      return { ...state, date: action.date, time: null };
    case 'selectTime':
      return canPickTime(state) ? { ...state, time: action.time } : state;
    case 'clearTime':
      return { ...state, time: null };
    case 'reset':
      return INITIAL_WIZARD_STATE;
  }
}
