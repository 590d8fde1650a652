import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { markerField } from '../text/index.js';
import { toolTally } from './render-unit.js';

// A merged run's tool tally is picked in one pass (issue 17): it must be the tally the sort made.

function sortedTally(tools: ReadonlyMap<string, number>): string {
  return [...tools.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 3)
    .map(([name, count]) => `${markerField(name.slice(0, 32))}×${count}`)
    .join(', ');
}

const name = fc.oneof(fc.constantFrom('search_files', 'read_file', 'run_tests', 'edit_file', 'get_order', 'a', 'B', 'a b]', 'x'.repeat(40)), fc.string({ maxLength: 12 }));

describe('toolTally', () => {
  test.prop([fc.array(fc.tuple(name, fc.integer({ min: 1, max: 6 })), { maxLength: 12 })], { numRuns: 1000 })('is the three most called tools, ties by name, as sorting gives', (pairs) => {
    const tools = new Map<string, number>();
    for (const [tool, count] of pairs) tools.set(tool, (tools.get(tool) ?? 0) + count);
    expect(toolTally(tools)).toBe(sortedTally(tools));
  });
});
