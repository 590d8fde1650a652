import { describe, expect, it } from 'vitest';
import { CairnError, createBpeTokenCounter, createContextEngine, findViewViolations, type CairnMessage } from '../index.js';

// The shape of the tau-bench airline views that threw at 5% with 'compress-mandatory': a long
// policy, a few short turns with long message ids, and a one-line latest user turn that refers
// back to an earlier one (so its ordinary compressed rendering, header and related line
// included, costs more than the turn itself). Synthetic text; no recorded data.
const counter = createBpeTokenCounter();
const policy = Array.from({ length: 40 }, (_, index) => `- Rule ${index + 1}: basic economy fares in group ${index} cannot be modified after booking.`).join('\n');
const id = (index: number): string => `task001-trial0-m00${index}`;

function shortTurns(): CairnMessage[] {
  return [
    { id: id(0), role: 'system', content: `# Airline Agent Policy\n${policy}` },
    { id: id(1), role: 'user', content: 'Hi! I need to change my return flight to a later one the same day.' },
    { id: id(2), role: 'assistant', content: 'I can help. What is your user id and the reservation id?' },
    { id: id(3), role: 'user', content: 'I do not have the reservation id with me, can you look it up another way?' },
    { id: id(4), role: 'assistant', content: 'Unfortunately I need the reservation id to modify the flight.' },
    { id: id(5), role: 'user', content: "I still have no reservation id with me. If basic economy tickets can't be changed, would cancelling the trip be an option? I do have travel insurance." },
  ];
}

function assembleAt(budget: number): { tokens: number } | CairnError {
  const engine = createContextEngine({ tokenCounter: counter, onBudgetExceeded: 'compress-mandatory' });
  engine.ingest(shortTurns());
  try {
    const { messages, metadata } = engine.assemble({ budget });
    expect(metadata.tokens).toBeLessThanOrEqual(budget);
    expect(findViewViolations(messages)).toEqual([]);
    return { tokens: metadata.tokens };
  } catch (error) {
    if (CairnError.isInstance(error)) return error;
    throw error;
  }
}

describe("compress-mandatory: a latest user turn too short to compress at its ordinary cap", () => {
  it('is squeezed (without its related line) before the view is refused', () => {
    const engine = createContextEngine({ tokenCounter: counter, onBudgetExceeded: 'compress-mandatory' });
    engine.ingest(shortTurns());
    // 88 tokens: the compressed policy, one placeholder for m001..m004 and the latest turn whole
    // need more; before the fix this view was refused although a squeezed latest turn fits.
    const { messages, metadata } = engine.assemble({ budget: 88 });
    expect(metadata.tokens).toBeLessThanOrEqual(88);
    expect(findViewViolations(messages)).toEqual([]);
    const latest = metadata.decisions.find((decision) => decision.unitId === id(5))!;
    expect(latest).toMatchObject({ fidelity: 'compressed', reason: 'budget-fallback' });
    const shown = String(messages.at(-1)!.content);
    expect(shown).toMatch(/^\[cairn:compressed id=task001-trial0-m005\] /);
    expect(shown).not.toContain('[cairn:related');
    // The log keeps the turn whole.
    expect(engine.getMessage(id(5))!.content).toBe(shortTurns()[5]!.content);
  });

  it('once a budget builds a view, every larger budget does too; below it the error is the typed BUDGET_EXCEEDED', () => {
    let smallest: number | undefined;
    for (let budget = 20; budget <= 160; budget += 4) {
      const outcome = assembleAt(budget);
      if (outcome instanceof CairnError) {
        expect(outcome.code).toBe('BUDGET_EXCEEDED');
        expect(smallest).toBeUndefined();
      } else smallest ??= budget;
    }
    expect(smallest).toBeDefined();
    expect(smallest!).toBeLessThanOrEqual(88);
  });
});

// The shape of the tau-bench views that threw after earlier turns: short turns whose placeholder
// alone costs about as much as the turn (long ids), a tool exchange, and a view taken after each
// user turn. Per-unit degradation cannot shrink such a plan, one placeholder run can.
const tripId = (index: number): string => `task048-trial1-m00${index}`;
function shortTurnsWithTool(): CairnMessage[] {
  return [
    { id: tripId(0), role: 'system', content: `# Airline Agent Policy\n${policy}` },
    { id: tripId(1), role: 'user', name: 'simulated_user', content: 'Hi, I need to change the date of a trip I booked.' },
    { id: tripId(2), role: 'assistant', content: 'Sure. What are your user id and reservation id?' },
    { id: tripId(3), role: 'user', name: 'simulated_user', content: 'Sure, my user id is noah_green_1234 and the reservation id is QX7TB2.' },
    { id: tripId(4), role: 'assistant', content: '', toolCalls: [{ id: 'call-1', name: 'get_reservation_details', arguments: { reservation_id: 'QX7TB2' } }] },
    {
      id: tripId(5),
      role: 'tool',
      toolCallId: 'call-1',
      name: 'get_reservation_details',
      content: JSON.stringify({ reservation_id: 'QX7TB2', cabin: 'basic_economy', flights: Array.from({ length: 8 }, (_, index) => ({ flight: `HAT${100 + index}`, date: `2024-05-${10 + index}` })) }),
    },
    { id: tripId(6), role: 'assistant', content: 'Your reservation is in basic economy, which cannot be modified. If you need more help, I can transfer you to a human agent. Would you like that?' },
    { id: tripId(7), role: 'user', name: 'simulated_user', content: 'That would help. I need the change because of a family emergency yesterday.' },
  ];
}

describe('compress-mandatory: a plan per-unit degradation cannot shrink', () => {
  it('hides everything but the required messages in one placeholder run rather than refusing a view (a view after each user turn)', () => {
    const messages = shortTurnsWithTool();
    // Before the fix every budget here failed at the third view (after the tool exchange).
    for (const budget of [88, 100, 120, 160]) {
      const engine = createContextEngine({ tokenCounter: counter, onBudgetExceeded: 'compress-mandatory' });
      for (const [from, to] of [[0, 2], [2, 4], [4, 8]] as const) {
        engine.ingest(messages.slice(from, to));
        const { messages: view, metadata } = engine.assemble({ budget });
        expect(metadata.tokens).toBeLessThanOrEqual(budget);
        expect(findViewViolations(view)).toEqual([]);
        // Every message is represented: shown, compressed, or inside a placeholder.
        const represented = new Set(view.flatMap((message) => message.sourceIds ?? []));
        for (const message of messages.slice(0, to)) expect(represented.has(message.id)).toBe(true);
      }
    }
  });
});
