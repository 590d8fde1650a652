import { CairnError } from '../log/index.js';

/** Runs `job` and returns the `CairnError` code it threw, `'untyped'` for any other error, `undefined` when it did not throw. */
export function errorCode(job: () => unknown): string | undefined {
  try {
    job();
  } catch (error) {
    return CairnError.isInstance(error) ? error.code : 'untyped';
  }
  return undefined;
}
