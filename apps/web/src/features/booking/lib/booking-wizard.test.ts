import { describe, expect, it } from 'vitest';
import {
  canPickTime,
  getForwardBlocker,
  INITIAL_WIZARD_STATE,
  NO_DATE_WARNING,
  NO_SERVICE_WARNING,
  serviceFromSearch,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from './booking-wizard';

function run(...actions: WizardAction[]): WizardState {
  return actions.reduce(wizardReducer, INITIAL_WIZARD_STATE);
}

describe('booking wizard', () => {
  it('a "hora de voltar" link chooses its service, only on an untouched page', () => {
    expect(serviceFromSearch('?servico=a', ['a', 'b'])).toBe('a');
    expect(serviceFromSearch('?servico=z', ['a', 'b'])).toBeNull();
    expect(serviceFromSearch('', ['a'])).toBeNull();
    expect(run({ type: 'preselectService', serviceId: 'a' }).serviceIds).toEqual(['a']);
    expect(
      run({ type: 'toggleService', serviceId: 'b' }, { type: 'preselectService', serviceId: 'a' })
        .serviceIds,
    ).toEqual(['b']);
  });

  it('toggling a service adds it, toggling again removes it', () => {
    expect(run({ type: 'toggleService', serviceId: 'a' }).serviceIds).toEqual(['a']);
    expect(
      run(
        { type: 'toggleService', serviceId: 'a' },
        { type: 'toggleService', serviceId: 'b' },
        { type: 'toggleService', serviceId: 'a' },
      ).serviceIds,
    ).toEqual(['b']);
  });

  it('forward from step 1 needs a service', () => {
    expect(getForwardBlocker(INITIAL_WIZARD_STATE)).toBe(NO_SERVICE_WARNING);
    expect(run({ type: 'next' }).step).toBe(1);
    expect(run({ type: 'toggleService', serviceId: 'a' }, { type: 'next' }).step).toBe(2);
  });

  it('forward from step 2 needs a date; step 3 is the last', () => {
    const atDate = run({ type: 'toggleService', serviceId: 'a' }, { type: 'next' });
    expect(getForwardBlocker(atDate)).toBe(NO_DATE_WARNING);
    expect(wizardReducer(atDate, { type: 'next' }).step).toBe(2);

    const atTime = run(
      { type: 'toggleService', serviceId: 'a' },
      { type: 'next' },
      { type: 'selectDate', date: '2026-11-23' },
      { type: 'next' },
    );
    expect(atTime.step).toBe(3);
    expect(wizardReducer(atTime, { type: 'next' }).step).toBe(3);
  });

  it('back goes down one step and never below 1, keeping the choices', () => {
    const atTime = run(
      { type: 'toggleService', serviceId: 'a' },
      { type: 'next' },
      { type: 'selectDate', date: '2026-11-23' },
      { type: 'next' },
    );
    const atDate = wizardReducer(atTime, { type: 'back' });
    expect(atDate).toMatchObject({ step: 2, serviceIds: ['a'], date: '2026-11-23' });
    const atServices = wizardReducer(atDate, { type: 'back' });
    expect(atServices.step).toBe(1);
    expect(wizardReducer(atServices, { type: 'back' }).step).toBe(1);
  });

  it('a time is taken only with services and a date; changing either drops it', () => {
    expect(canPickTime(INITIAL_WIZARD_STATE)).toBe(false);
    expect(run({ type: 'selectTime', time: '09:00' }).time).toBeNull();
    expect(
      run({ type: 'toggleService', serviceId: 'a' }, { type: 'selectTime', time: '09:00' }).time,
    ).toBeNull();

    const picked = run(
      { type: 'toggleService', serviceId: 'a' },
      { type: 'selectDate', date: '2026-11-23' },
      { type: 'selectTime', time: '09:00' },
    );
    expect(picked.time).toBe('09:00');
    expect(wizardReducer(picked, { type: 'selectDate', date: '2026-11-24' }).time).toBeNull();
    expect(wizardReducer(picked, { type: 'toggleService', serviceId: 'b' }).time).toBeNull();
    expect(wizardReducer(picked, { type: 'clearTime' })).toMatchObject({ step: 1, time: null });
  });

  it('reset returns to step 1 with nothing chosen', () => {
    const picked = run(
      { type: 'toggleService', serviceId: 'a' },
      { type: 'next' },
      { type: 'selectDate', date: '2026-11-23' },
      { type: 'next' },
      { type: 'selectTime', time: '09:00' },
    );
    expect(wizardReducer(picked, { type: 'reset' })).toEqual(INITIAL_WIZARD_STATE);
  });
});
