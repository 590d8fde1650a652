const SOURCE = (operator: string) =>
  [
    '/** Arithmetic helpers used by the billing code. */',
    `export const sum = (a: number, b: number) => a ${operator} b;`,
    ...Array.from({ length: 40 }, (_, index) => `export const rate${index} = (amount: number) => Math.round(amount * ${1 + index / 100} * 100) / 100;`),
  ].join('\n');

const FAILING_RUN = [
  '> vitest run',
  ...Array.from({ length: 30 }, (_, index) => ` ✓ src/rate-${index}.test.ts (4 tests) ${3 + (index % 5)}ms`),
  ' FAIL src/sum.test.ts > sum(2, 1)',
  'AssertionError: expected 1 to be 3',
  ' ❯ src/sum.test.ts:4:22',
  'Test Files  1 failed | 30 passed (31)',
  'Error: exit code 1',
].join('\n');

/** What the example's pretend project answers to a shell command (long outputs, as real ones are). */
export function shellOutput(command: string, state: { fixed: boolean }): string {
  if (command.startsWith('sed')) {
    state.fixed = true;
    return '';
  }
  if (command === 'npm test') return state.fixed ? FAILING_RUN.replace(/ FAIL[^]*$/, ' ✓ src/sum.test.ts (1 test) 2ms\nTest Files  31 passed (31)') : FAILING_RUN;
  if (command === 'cat src/sum.ts') return SOURCE(state.fixed ? '+' : '-');
  return 'ok';
}
