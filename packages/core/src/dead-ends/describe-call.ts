import { argumentsText } from '../log/index.js';

/** The longest arguments text {@link describeCall} keeps. */
export const MAX_DESCRIBED_ARGUMENTS = 160;

/**
 * A short, one-line description of a tool call, `name(arguments)`, its arguments' text with
 * whitespace collapsed (the lone string of a one-argument call stands alone) and cut to {@link MAX_DESCRIBED_ARGUMENTS} characters.
 *
 * @example
 * ```ts
 * describeCall('run', { command: 'npm  test' }); // 'run(npm test)'
 * ```
 */
export function describeCall(name: string, args: unknown): string {
  const values = typeof args === 'object' && args !== null && !Array.isArray(args) ? Object.values(args) : [];
  const single = values.length === 1 && typeof values[0] === 'string' ? values[0] : undefined;
  const text = (single ?? argumentsText(args)).replace(/\s+/g, ' ').trim();
  const short = text.length <= MAX_DESCRIBED_ARGUMENTS ? text : `${text.slice(0, MAX_DESCRIBED_ARGUMENTS - 1)}…`;
  return `${name}(${short})`;
}
