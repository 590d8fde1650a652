import { DEFAULT_SYNTHETIC_SPECS, type SyntheticSessionSpec } from '@cairn/bench';
import { CliError } from './cli-error.js';

const KINDS = new Set(['coding', 'support', 'mixed']);

/**
 * Parses `--synthetic`: `default`, `none`, or comma-separated `kind:messages:seed` specs
 * (`coding:600:2,support:300:1`).
 *
 * @param text - The option's value; `undefined` for the default set.
 * @returns The sessions to generate (empty for `none`).
 * @throws {@link CliError} (exit 2) for a malformed spec.
 */
export function parseSyntheticSpecs(text: string | undefined): readonly SyntheticSessionSpec[] {
  if (text === undefined || text === 'default') return DEFAULT_SYNTHETIC_SPECS;
  if (text === 'none') return [];
  return text.split(',').map((part) => {
    const [kind, messages, seed] = part.trim().split(':');
    const size = Number(messages);
    const seedNumber = Number(seed ?? '1');
    if (!kind || !KINDS.has(kind) || !Number.isInteger(size) || size < 200 || size > 2000 || !Number.isSafeInteger(seedNumber)) {
      throw new CliError(`--synthetic needs default, none, or kind:messages:seed specs (kind coding, support or mixed; 200–2000 messages), comma-separated; got "${part}"`, 2);
    }
    return { kind: kind as SyntheticSessionSpec['kind'], messages: size, seed: seedNumber };
  });
}
