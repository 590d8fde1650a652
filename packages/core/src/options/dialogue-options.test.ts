import { describe, expect, it } from 'vitest';
import { createContextEngine } from '../engine/index.js';
import { CairnError } from '../log/index.js';
import { DEFAULT_DIALOGUE_OPTIONS, resolveDialogueOptions } from './dialogue-options.js';

const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return CairnError.isInstance(error) ? error.code : 'RAW';
  }
  return undefined;
};

describe('resolveDialogueOptions', () => {
  it('applies the defaults and keeps given shares (1 and 0 turn the cues off)', () => {
    const third = { askingShare: 0.8, timeShare: 0.5, nameShare: 0.5, variantShare: 0.5, expansionShare: 0.2, expansionTerms: 8, sittingShare: 0.6, sittingTop: 3 };
    expect(DEFAULT_DIALOGUE_OPTIONS).toEqual({ selfDisclosureShare: 0.7, replyShare: 0.8, ...third });
    expect(resolveDialogueOptions(undefined)).toBe(DEFAULT_DIALOGUE_OPTIONS);
    expect(resolveDialogueOptions({})).toEqual(DEFAULT_DIALOGUE_OPTIONS);
    expect(resolveDialogueOptions({ selfDisclosureShare: 1, replyShare: 0 })).toEqual({ selfDisclosureShare: 1, replyShare: 0, ...third });
    expect(resolveDialogueOptions({ replyShare: 0.25 })).toEqual({ selfDisclosureShare: 0.7, replyShare: 0.25, ...third });
    const off = { askingShare: 1, timeShare: 1, nameShare: 1, variantShare: 0, expansionShare: 0, expansionTerms: 0, sittingShare: 0, sittingTop: 1 };
    expect(resolveDialogueOptions(off)).toEqual({ selfDisclosureShare: 0.7, replyShare: 0.8, ...off });
  });

  it('refuses a value that is not an object or a share outside 0–1, as createContextEngine does', () => {
    for (const bad of [null, 3, 'on'] as unknown[]) expect(codeOf(() => resolveDialogueOptions(bad as never))).toBe('INVALID_OPTIONS');
    for (const share of [-0.1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '0.5'] as unknown[]) {
      expect(codeOf(() => resolveDialogueOptions({ replyShare: share } as never)), String(share)).toBe('INVALID_OPTIONS');
      expect(codeOf(() => createContextEngine({ dialogue: { selfDisclosureShare: share } as never }))).toBe('INVALID_OPTIONS');
      for (const name of ['askingShare', 'timeShare', 'nameShare', 'variantShare', 'expansionShare', 'sittingShare']) expect(codeOf(() => resolveDialogueOptions({ [name]: share } as never)), `${name} ${String(share)}`).toBe('INVALID_OPTIONS');
    }
    for (const terms of [-1, 2.5, 1_001, Number.NaN, null, '8'] as unknown[]) expect(codeOf(() => resolveDialogueOptions({ expansionTerms: terms } as never)), String(terms)).toBe('INVALID_OPTIONS');
    for (const top of [0, -1, 2.5, 1_001, Number.NaN, '3'] as unknown[]) expect(codeOf(() => resolveDialogueOptions({ sittingTop: top } as never)), String(top)).toBe('INVALID_OPTIONS');
    expect(codeOf(() => createContextEngine({ dialogue: { selfDisclosureShare: 1, replyShare: 0 } }))).toBeUndefined();
  });
});
