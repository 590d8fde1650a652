import { test as propertyTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { createCharTokenCounter } from '../index.js';
import { Playbook } from './playbook.js';

const chars = createCharTokenCounter();
const countTokens = (text: string): number => chars.count(text);
const paths = ['/health', '/livez', '/healthz', '/status', '/ping', '/ready', '/metrics', '/version'];

describe('merges that append a lesson keep the playbook bounded (issue 15)', () => {
  // Recoveries of one tool that share a call merge, and the merged bullet appends the newcomer's
  // text (no brevity bias): before issue 15's bound fix, such a merge grew the playbook past maxTokens.
  const recovery = fc.record({ use: fc.constantFrom(...paths), avoid: fc.constantFrom(...paths), merge: fc.boolean() });

  propertyTest.prop([fc.array(recovery, { minLength: 1, maxLength: 40 }), fc.integer({ min: 60, max: 400 })])(
    'after every add and merge: tokens ≤ maxTokens, and each bullet is whole lessons that were added',
    (steps, maxTokens) => {
      const playbook = new Playbook({ now: () => 0, countTokens, maxTokens, maxBullets: 100 });
      const added = new Set<string>();
      for (const { use, avoid, merge } of steps) {
        const content = `http_get: use \`http_get(${use})\`, not \`http_get(${avoid})\` (that failed: HTTP 404 Not Found).`;
        added.add(content);
        playbook.apply({ op: 'add', section: 'strategies', content, trace: { toolName: 'http_get', use: [use], avoid: [avoid] } });
        const bullets = playbook.bullets();
        if (merge && bullets.length >= 2) playbook.apply({ op: 'merge', from: bullets.at(-1)!.id, into: bullets[0]!.id });
        expect(playbook.tokens()).toBeLessThanOrEqual(maxTokens);
        for (const bullet of playbook.bullets()) for (const line of bullet.content.split('\n')) expect(added.has(line)).toBe(true);
      }
    },
  );
});
