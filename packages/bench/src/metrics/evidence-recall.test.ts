import type { CairnMessage } from '@cairn/core';
import { describe, expect, it } from 'vitest';
import { evidenceRecall } from './evidence-recall.js';

const fact: CairnMessage = { id: 'm1', role: 'user', content: 'My customer id is CUST-48213 and the booking is ABC123.' };
const other: CairnMessage = { id: 'm2', role: 'user', content: 'I went to a support group yesterday, it was powerful and moving.' };

describe('evidenceRecall', () => {
  it('counts a message held in full', () => {
    expect(evidenceRecall({ view: [fact], evidence: [fact], answer: 'CUST-48213' })).toBe(1);
  });

  it('counts a compressed rendering that keeps the answer', () => {
    const compressed = { id: 'v1', role: 'user' as const, content: 'customer id CUST-48213', sourceIds: ['m1'], fidelity: 'compressed' };
    expect(evidenceRecall({ view: [compressed], evidence: [fact], answer: 'CUST-48213' })).toBe(1);
    expect(evidenceRecall({ view: [compressed], evidence: [fact], answer: 'ABC123' })).toBe(0);
  });

  it('falls back to most content words when the answer is not in the message', () => {
    const kept = { id: 'v2', role: 'user' as const, content: 'went support group yesterday powerful', sourceIds: ['m2'], fidelity: 'compressed' };
    const thin = { id: 'v3', role: 'user' as const, content: 'support group', sourceIds: ['m2'], fidelity: 'compressed' };
    expect(evidenceRecall({ view: [kept], evidence: [other], answer: 'LGBTQ group' })).toBe(1);
    expect(evidenceRecall({ view: [thin], evidence: [other], answer: 'LGBTQ group' })).toBe(0);
  });

  it('never counts a placeholder, and averages over the evidence', () => {
    const placeholder = { id: 'p', role: 'user' as const, content: '[m1: CUST-48213 ABC123]', sourceIds: ['m1'], fidelity: 'placeholder' };
    expect(evidenceRecall({ view: [placeholder, other], evidence: [fact, other], answer: 'x' })).toBe(0.5);
    expect(evidenceRecall({ view: [], evidence: [], answer: 'x' })).toBeUndefined();
  });

  it('reads sourceIds and fidelity from metadata too', () => {
    const placeholder = { id: 'p', role: 'user' as const, content: 'CUST-48213', metadata: { sourceIds: ['m1'], fidelity: 'placeholder' } };
    const compressed = { id: 'c', role: 'user' as const, content: 'CUST-48213', metadata: { sourceIds: ['m1'], fidelity: 'compressed' } };
    expect(evidenceRecall({ view: [placeholder], evidence: [fact], answer: 'CUST-48213' })).toBe(0);
    expect(evidenceRecall({ view: [compressed], evidence: [fact], answer: 'CUST-48213' })).toBe(1);
  });

  it('counts the verbatim text under another id', () => {
    expect(evidenceRecall({ view: [{ ...fact, id: 'renamed' }], evidence: [fact] })).toBe(1);
  });
});
