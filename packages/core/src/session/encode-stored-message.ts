import { CairnError } from '../log/index.js';
import type { CairnMessage } from '../log/index.js';

/**
 * Serialises one message for a store (JSON text). Messages must be JSON-serialisable: tool
 * arguments and metadata with `BigInt`s, cycles or functions cannot be persisted.
 *
 * @throws CairnError `INVALID_MESSAGE` naming the message when it cannot be serialised.
 *
 * @example
 * ```ts
 * const rows = messages.map(encodeStoredMessage);
 * ```
 */
export function encodeStoredMessage(message: CairnMessage): string {
  try {
    return JSON.stringify(message);
  } catch (error) {
    throw new CairnError({
      code: 'INVALID_MESSAGE',
      message: `Message "${message.id}" cannot be stored: it is not JSON-serialisable (${(error as Error).message}). Keep tool arguments and metadata plain JSON.`,
      details: { id: message.id },
      cause: error,
    });
  }
}
