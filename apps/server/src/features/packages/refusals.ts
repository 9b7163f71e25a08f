import { PACKAGE_ALREADY_USED_MESSAGE, PACKAGE_NO_SESSIONS_MESSAGE } from '@agendaki/shared';
import { AppError, getSqlState, SQLSTATE } from '../../lib/errors';

/** The constraint a database error names, wherever the driver put it. */
function constraintOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const name = (current as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The database's refusals of a use, in pt-BR; anything else goes on as it was. */
export function toUseRefusal(error: unknown): unknown {
  const state = getSqlState(error);
  const constraint = constraintOf(error);
  if (state === SQLSTATE.CHECK_VIOLATION && constraint === 'client_packages_sessions_left_range') {
    return new AppError('CONFLICT', PACKAGE_NO_SESSIONS_MESSAGE);
  }
  if (state === SQLSTATE.UNIQUE_VIOLATION && constraint === 'package_uses_pkey') {
    return new AppError('CONFLICT', PACKAGE_ALREADY_USED_MESSAGE);
  }
  return error;
}
