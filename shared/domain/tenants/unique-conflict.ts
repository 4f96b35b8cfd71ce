import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { AppError } from '../../errors/app-error';

/** Two sign-ups (or acceptances) racing for one email: the loser gets 409, not 500. */
export async function alreadyExistsOnConflict<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof UniqueConstraintViolationException) throw new AppError('ALREADY_EXISTS', 'A user with this email already exists');
    throw e;
  }
}
