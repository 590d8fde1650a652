import { describe, expect, it } from 'vitest';
import type { DeadEnd } from '../dead-ends/index.js';
import { deadEndBullets } from './dead-end-bullets.js';

const deadEnd = (id: string, extra: Partial<DeadEnd>): DeadEnd => ({
  id,
  sessionId: 's',
  trace: { toolName: 'run_command', approach: `run_command(${id})` },
  reason: 'it failed',
  vector: { ids: [], weights: [] },
  frequency: 2,
  firstSeen: 1,
  lastSeen: 2,
  status: 'dead',
  sourceIds: [`m-${id}`],
  ...extra,
});

describe('deadEndBullets', () => {
  it("says a failure's class where it changes what to do: transient and unknown failures may work on a retry, permanent ones say nothing more", () => {
    const bullets = deadEndBullets(
      [deadEnd('de-1', { transient: true, failureClass: 'transient' }), deadEnd('de-2', { failureClass: 'unknown' }), deadEnd('de-3', { failureClass: 'permanent' })],
      [],
    );
    const text = (id: string) => bullets.find((bullet) => bullet.id === `mis-${id}`)!.content;
    expect(text('de-1')).toMatch(/\(transient: a retry may work\)$/);
    expect(text('de-2')).toMatch(/\(unknown failure class: may be transient\)$/);
    expect(text('de-3')).toBe('Do not repeat unchanged: run_command(de-3) — it failed');
  });
});
