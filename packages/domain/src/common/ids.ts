import { z } from 'zod';
import { RANDOM_ID_LENGTH } from './constants';

/** An entity id as it travels on the wire; the server decides its format. */
export const idSchema = z.string().trim().min(1);

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A short random id of {@link RANDOM_ID_LENGTH} letters and digits, used for
 * client-made ids such as question ids. Not for secrets: `random` defaults to Math.random,
 * and tests pass a seeded one.
 */
export function makeRandomId(random: () => number = Math.random): string {
  let id = '';
  for (let i = 0; i < RANDOM_ID_LENGTH; i += 1) {
    // Clamp so a random() that returns exactly 1 cannot index past the alphabet.
    const index = Math.min(Math.floor(random() * ID_ALPHABET.length), ID_ALPHABET.length - 1);
    id += ID_ALPHABET.charAt(index);
  }
  return id;
}
