import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { cohensKappa } from './cohens-kappa.js';

/** `count` copies of one `[first, second]` pair. */
const repeat = (count: number, pair: readonly [boolean, boolean]): (readonly [boolean, boolean])[] => Array.from({ length: count }, () => pair);

describe('cohensKappa', () => {
  it('matches a hand-worked 2×2 table: 20 both yes, 5 first only, 10 second only, 15 both no', () => {
    // p_o = 35/50 = 0.7; first says yes 25/50, second 30/50; p_e = 0.5·0.6 + 0.5·0.4 = 0.5; κ = 0.2/0.5 = 0.4
    const result = cohensKappa([...repeat(20, [true, true]), ...repeat(5, [true, false]), ...repeat(10, [false, true]), ...repeat(15, [false, false])]);
    expect(result.items).toBe(50);
    expect(result.observedAgreement).toBeCloseTo(0.7, 12);
    expect(result.expectedAgreement).toBeCloseTo(0.5, 12);
    expect(result.kappa).toBeCloseTo(0.4, 12);
  });

  it('matches a second hand-worked table with unequal rates (4 items)', () => {
    // p_o = 3/4; first yes 1/2, second yes 1/4; p_e = 0.5·0.25 + 0.5·0.75 = 0.5; κ = 0.25/0.5 = 0.5
    expect(cohensKappa([[true, true], [false, false], [true, false], [false, false]]).kappa).toBeCloseTo(0.5, 12);
  });

  it('is 1 for perfect agreement, 0 for chance-level agreement, −1 for perfect balanced disagreement', () => {
    expect(cohensKappa([[true, true], [false, false], [true, true]]).kappa).toBe(1);
    expect(cohensKappa([[true, true], [true, false], [false, true], [false, false]]).kappa).toBeCloseTo(0, 12);
    expect(cohensKappa([[true, false], [false, true]]).kappa).toBe(-1);
  });

  it('is 1 when both give every item the same label (chance agreement 1), NaN for no items', () => {
    expect(cohensKappa(repeat(5, [false, false]))).toMatchObject({ observedAgreement: 1, expectedAgreement: 1, kappa: 1 });
    expect(cohensKappa([]).kappa).toBeNaN();
  });

  const pairs = fc.array(fc.tuple(fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 60 });

  test.prop([pairs])('is symmetric in the two labellers and never above 1', (items) => {
    const forward = cohensKappa(items).kappa;
    expect(cohensKappa(items.map(([first, second]) => [second, first] as const)).kappa).toBeCloseTo(forward, 12);
    expect(forward).toBeLessThanOrEqual(1 + 1e-12);
  });

  test.prop([pairs])('is 1 exactly when the labellers agree on every item', (items) => {
    const agreeing = items.map(([first]) => [first, first] as const);
    expect(cohensKappa(agreeing).kappa).toBe(1);
    if (items.some(([first, second]) => first !== second)) expect(cohensKappa(items).kappa).toBeLessThan(1);
  });

  test.prop([pairs])('does not depend on the order of the items', (items) => {
    expect(cohensKappa([...items].reverse()).kappa).toBeCloseTo(cohensKappa(items).kappa, 12);
  });
});
