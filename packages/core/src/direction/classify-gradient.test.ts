import { describe, expect, it } from 'vitest';
import { classifyGradient } from './classify-gradient.js';
import { createContextEngine, createCharTokenCounter, restoreContextEngine } from '../index.js';
import { createLexicalVectoriser } from '../text/index.js';

const vectoriser = createLexicalVectoriser();
const v = (text: string) => vectoriser.vector(text);

describe('classifyGradient', () => {
  it('tells still, advancing, jump, regression and oscillation apart', () => {
    const database = v('database migration schema index postgres');
    const databaseMore = v('database migration schema index postgres rollback');
    const frontend = v('react button css layout component');
    const billing = v('invoice refund payment stripe customer');
    expect(classifyGradient([database, database])).toBe('still');
    expect(classifyGradient([database, databaseMore])).toBe('advancing');
    expect(classifyGradient([database, frontend])).toBe('jump');
    // Back to where the session was three turns ago.
    expect(classifyGradient([database, frontend, billing, v('react button css layout component styling'), database])).toBe('regression');
    // Back and forth between two directions.
    expect(classifyGradient([database, frontend, database], ['jump', 'regression'])).toBe('oscillation');
    expect(classifyGradient([database])).toBe('still');
  });

  it('is recorded per turn, reported by getDirectionState, and survives a snapshot', () => {
    const engine = createContextEngine({ tokenCounter: createCharTokenCounter(), budget: 10_000 });
    engine.ingest({ id: 'u1', role: 'user', content: 'Fix the database migration for the orders schema.' });
    engine.assemble({ query: 'database migration orders schema' });
    engine.assemble({ query: 'react button css layout' });
    const state = engine.getDirectionState();
    expect(state.history).toHaveLength(2);
    expect(['advancing', 'jump', 'regression', 'oscillation', 'still']).toContain(state.gradient.kind);
    expect(state.gradient.size).toBeGreaterThan(0);
    const restored = restoreContextEngine(JSON.parse(JSON.stringify(engine.snapshot())), { tokenCounter: createCharTokenCounter(), budget: 10_000 });
    expect(restored.getDirectionState().history).toEqual(state.history);
    expect(restored.assemble({ query: 'database migration orders' }).metadata.direction).toEqual(engine.assemble({ query: 'database migration orders' }).metadata.direction);
  });
});
