import { describe, expect, it } from 'vitest';
import { hasToolPairViolation } from './tool-pair-integrity.js';

describe('hasToolPairViolation', () => {
  it('flags orphan results and unanswered calls only', () => {
    const call = { role: 'assistant', toolCalls: [{ id: 'c1' }] };
    const result = { role: 'tool', toolCallId: 'c1' };
    expect(hasToolPairViolation([call, result])).toBe(false);
    expect(hasToolPairViolation([result])).toBe(true);
    expect(hasToolPairViolation([call, { role: 'user' }])).toBe(true);
    expect(hasToolPairViolation([{ role: 'user', fidelity: 'placeholder' }, { role: 'user', fidelity: 'placeholder' }])).toBe(false);
  });
});
