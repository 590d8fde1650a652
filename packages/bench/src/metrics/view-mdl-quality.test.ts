import { describe, expect, it } from 'vitest';
import { viewMdlQuality } from './view-mdl-quality.js';

describe('viewMdlQuality', () => {
  const historyAnchors = new Set(['ORD-4821', '129.50', 'Ben Ortiz']);
  const cache = new Map();

  it('is compression ratio × (1 − anchors lost)', () => {
    expect(viewMdlQuality({ historyAnchors, historyTokens: 1_000, viewTokens: 1_000, texts: ['ORD-4821 129.50', 'Ben Ortiz'], cache })).toBe(1);
    expect(viewMdlQuality({ historyAnchors, historyTokens: 1_000, viewTokens: 250, texts: ['refund ORD-4821 for 129.50'], cache })).toBeCloseTo(4 * (2 / 3));
  });

  it('scores an empty view 0 and a history without anchors by its ratio', () => {
    expect(viewMdlQuality({ historyAnchors, historyTokens: 1_000, viewTokens: 0, texts: [], cache })).toBe(0);
    expect(viewMdlQuality({ historyAnchors: new Set(), historyTokens: 1_000, viewTokens: 500, texts: ['hello'], cache })).toBe(2);
  });
});
