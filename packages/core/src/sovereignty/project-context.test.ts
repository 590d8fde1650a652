import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { Fidelity } from '../log/index.js';
import { mdlQuality, measuredAnchors } from './mdl-quality.js';
import { expandProjection, projectContext, showsAtMost, type Projection, type ProjectionItem } from './project-context.js';
import { RESOURCE_CLASSES } from './resource-class.js';

const itemArbitrary = fc
  .record({
    resourceClass: fc.constantFrom(...RESOURCE_CLASSES),
    fidelity: fc.constantFrom<Fidelity>('full', 'full', 'compressed', 'placeholder'),
    fullTokens: fc.integer({ min: 20, max: 2_000 }),
    compressedShare: fc.option(fc.double({ min: 0.05, max: 0.9, noNaN: true }), { nil: undefined }),
    placeholderTokens: fc.integer({ min: 4, max: 19 }),
    anchors: fc.nat({ max: 30 }),
    keptShare: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ compressedShare, keptShare, ...rest }) => ({
    ...rest,
    compressedTokens: compressedShare === undefined ? undefined : Math.max(1, Math.floor(rest.fullTokens * compressedShare)),
    compressedAnchorsKept: Math.floor(rest.anchors * keptShare),
  }));

const contextArbitrary = fc.array(itemArbitrary, { minLength: 1, maxLength: 40 }).map((items) =>
  items.map((item, index): ProjectionItem => ({ ...item, id: `u${index}`, fidelity: item.compressedTokens === undefined && item.fidelity === 'compressed' ? 'full' : item.fidelity })),
);
const optionsArbitrary = fc.record({ budget: fc.integer({ min: 50, max: 50_000 }), targetPressure: fc.double({ min: 0.01, max: 1, noNaN: true }) });

const RANK: Record<Fidelity, number> = { placeholder: 0, compressed: 1, full: 2 };
const asProjection = (items: readonly ProjectionItem[]): Projection => expandProjection(items, { items, tokens: 0, originalTokens: 0, target: 0, fits: true, quality: mdlQuality({ originalTokens: 0, projectedTokens: 0, anchors: 0, anchorsLost: 0 }) });

describe('the lossy projector and its expansion form a Galois pair', () => {
  test.prop([contextArbitrary, optionsArbitrary], { numRuns: 300 })('projecting what was expanded never shows more than the original', (items, options) => {
    const projection = projectContext(items, options);
    const expanded = expandProjection(items, projection);
    const again = projectContext(items.map((item, index) => ({ ...item, fidelity: expanded.items[index]!.fidelity })), options);
    expect(showsAtMost(again, projection)).toBe(true);
    expect(showsAtMost(projection, asProjection(items))).toBe(true);
    // s ≤ expand(project(s)): expansion gives back at least the original.
    expect(showsAtMost(asProjection(items), expanded)).toBe(true);
  });

  test.prop([contextArbitrary, optionsArbitrary], { numRuns: 300 })('PRESERVED is never touched; DROPPABLE goes before REQUIRED is summarised; REQUIRED never becomes a placeholder', (items, options) => {
    const projection = projectContext(items, options);
    items.forEach((item, index) => {
      const fidelity = projection.items[index]!.fidelity;
      if (item.resourceClass === 'preserved') expect(fidelity).toBe(item.fidelity);
      if (item.resourceClass === 'required') expect(RANK[fidelity]).toBeGreaterThanOrEqual(Math.min(RANK[item.fidelity], RANK.compressed));
    });
    const summarised = items.some((item, index) => item.resourceClass === 'required' && projection.items[index]!.fidelity !== item.fidelity);
    if (summarised) {
      items.forEach((item, index) => {
        if (item.resourceClass === 'droppable' && item.placeholderTokens < (item.fidelity === 'full' ? item.fullTokens : (item.compressedTokens ?? item.fullTokens))) {
          expect(projection.items[index]!.fidelity).toBe('placeholder');
        }
      });
    }
  });

  test.prop([contextArbitrary, optionsArbitrary, fc.double({ min: 0.01, max: 1, noNaN: true })], { numRuns: 200 })('is monotone in the target, deterministic, and idempotent', (items, options, other) => {
    const low = projectContext(items, { ...options, targetPressure: Math.min(options.targetPressure, other) });
    const high = projectContext(items, { ...options, targetPressure: Math.max(options.targetPressure, other) });
    expect(showsAtMost(low, high)).toBe(true);
    expect(projectContext(items, options)).toEqual(projectContext(items, options));
    const once = projectContext(items, options);
    const twice = projectContext(items.map((item, index) => ({ ...item, fidelity: once.items[index]!.fidelity })), options);
    expect(twice.items).toEqual(once.items);
  });

  test.prop([contextArbitrary, optionsArbitrary])('reaches the target whenever PRESERVED, compressed REQUIRED and placeholders fit', (items, options) => {
    const projection = projectContext(items, options);
    let floor = 0;
    for (const item of items) {
      const at = (fidelity: Fidelity) => (fidelity === 'full' ? item.fullTokens : fidelity === 'compressed' ? (item.compressedTokens ?? item.fullTokens) : item.placeholderTokens);
      // The projector never raises a fidelity (it never shows more than the original), so a REQUIRED
      // unit already at placeholder stays there even where its compressed form would cost less.
      const requiredFloor = item.fidelity === 'placeholder' ? item.placeholderTokens : Math.min(at(item.fidelity), at('compressed'));
      floor += item.resourceClass === 'preserved' ? at(item.fidelity) : item.resourceClass === 'required' ? requiredFloor : Math.min(at(item.fidelity), item.placeholderTokens);
    }
    if (floor <= projection.target) expect(projection.fits).toBe(true);
    expect(projection.quality.reconstructionError).toBeGreaterThanOrEqual(0);
    expect(projection.quality.reconstructionError).toBeLessThanOrEqual(1);
  });
});

describe('mdlQuality', () => {
  it('is compression ratio × (1 − anchor loss), and 0 for an empty projection', () => {
    expect(mdlQuality({ originalTokens: 1_000, projectedTokens: 250, anchors: 10, anchorsLost: 1 }).quality).toBeCloseTo(3.6);
    expect(mdlQuality({ originalTokens: 1_000, projectedTokens: 0, anchors: 10, anchorsLost: 10 }).quality).toBe(0);
    expect(mdlQuality({ originalTokens: 100, projectedTokens: 100, anchors: 0, anchorsLost: 0 }).quality).toBe(1);
  });

  it('measures ids, numbers, names and negations', () => {
    const anchors = measuredAnchors('Ben Ortiz asked to refund ORD-4821 for 129.50, not the red-eye.');
    expect(anchors).toEqual(expect.arrayContaining(['ORD-4821']));
    expect(anchors.some((anchor) => anchor.includes('129'))).toBe(true);
    expect(anchors.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses bad options and foreign projections with typed errors', () => {
    const items: ProjectionItem[] = [{ id: 'a', resourceClass: 'droppable', fidelity: 'full', fullTokens: 10, compressedTokens: undefined, placeholderTokens: 4, anchors: 0, compressedAnchorsKept: 0 }];
    expect(() => projectContext(items, { budget: 0, targetPressure: 0.5 })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    expect(() => projectContext(items, { budget: 10, targetPressure: 1.5 })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    const projection = projectContext(items, { budget: 10, targetPressure: 0.1 });
    expect(() => expandProjection([{ ...items[0]!, id: 'b' }], projection)).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
  });
});
