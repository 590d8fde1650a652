import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '../log/index.js';
import { DEFAULT_STALL_SETTINGS } from '../options/index.js';
import { hashAssistantTurn, type AssistantTurnHashes } from './assistant-turn-hashes.js';
import { callNames, callSubject } from './call-subject.js';
import { detectStallLoop } from './detect-stall-loop.js';
import { asksTheSame } from './no-news-streak.js';

const options = { window: 8, repeats: 3, ...DEFAULT_STALL_SETTINGS };
let next = 0;

/** An assistant message with one tool call and its result, after what the user said (if anything). */
function call(name: string, args: Record<string, unknown>, result: string, user?: string): AssistantTurnHashes {
  const id = `n${next++}`;
  const prompt: CairnMessage[] = user === undefined ? [] : [{ id: `u${next++}`, role: 'user', content: user }];
  const message: CairnMessage = { id, role: 'assistant', content: '', toolCalls: [{ id: `${id}c`, name, arguments: args }] };
  return hashAssistantTurn(message, [{ id: `${id}r`, role: 'tool', toolCallId: `${id}c`, name, content: result }], { terms: true, prompt });
}

const NO_HITS = '{"hits": [], "count": 0}';
const opening = call('lookup_member', { member: 'M-88120' }, '{"member": "M-88120", "tier": "silver", "home": "Oslo"}');

describe('the no-news streak (detectStallLoop)', () => {
  it('finds one question asked in reworded queries, each answered with the same empty list', () => {
    const queries = ['ski bag allowance winter', 'winter ski baggage allowance', 'how many ski bags are allowed'];
    const turns = [opening, ...queries.map((text) => call('faq_search', { text }, NO_HITS))];
    expect(detectStallLoop(turns, options)).toMatchObject({ kind: 'call', count: 3, near: true, toolName: 'faq_search', lastId: turns[3]!.id });
    expect(detectStallLoop(turns.slice(0, 3), options)).toBeUndefined();
  });

  it('finds one fact asked for by different commands, every answer the same value in another format', () => {
    const turns = [
      call('bash', { command: 'npm ls lodash' }, 'shop@2.0.0 /srv/shop\n└── lodash@4.17.21'),
      call('bash', { command: 'npm view lodash version' }, '4.17.21'),
      call('bash', { command: 'grep \'"version"\' node_modules/lodash/package.json' }, '  "version": "4.17.21",'),
    ];
    expect(detectStallLoop(turns, options)).toMatchObject({ kind: 'call', count: 3, hash: turns[0]!.calls[0]!.callHash });
  });

  it('does not count searches each answered with something new, nor a user who asks for each search', () => {
    const answers = ['{"hits": [], "count": 0}', '{"hits": ["FAQ-12 Sports equipment"], "count": 1}', '{"hits": ["FAQ-12 Sports equipment", "FAQ-40 Oversize items"], "count": 2}'];
    const refining = [opening, ...answers.map((answer, index) => call('faq_search', { text: `ski bag allowance ${['winter', 'sports', 'oversize'][index]!}` }, answer))];
    expect(detectStallLoop(refining, options)).toBeUndefined();
    const asked = [opening, ...['ski bag allowance', 'ski baggage rules', 'ski luggage limits'].map((text, index) => call('faq_search', { text }, NO_HITS, index === 0 ? undefined : 'Try another wording, please.'))];
    expect(detectStallLoop(asked, options)).toBeUndefined();
  });

  it('does not count the same empty answer to questions about different things (another id, another identifier)', () => {
    const orders = [opening, ...['A-3301', 'A-3302', 'A-3303'].map((order) => call('find_parcel', { order }, '{"parcels": []}'))];
    expect(detectStallLoop(orders, options)).toBeUndefined();
    const names = [opening, ...['parseInvoice', 'formatTotal', 'roundCents'].map((name) => call('bash', { command: `grep -rn ${name} src` }, ''))];
    expect(detectStallLoop(names, options)).toBeUndefined();
  });

  it('does not count answers about an unrelated subject, nor a change of state between the asks', () => {
    const unrelated = [opening, call('faq_search', { text: 'ski bag allowance' }, NO_HITS), call('weather', { city: 'Tromso' }, NO_HITS), call('faq_search', { text: 'ski bag allowance rules' }, NO_HITS)];
    expect(detectStallLoop(unrelated, options)).toBeUndefined();
    const changed = [opening, call('faq_search', { text: 'ski bag allowance' }, NO_HITS), call('add_note', { member: 'M-88120', note: 'asked about skis' }, '{"saved": true}'), call('faq_search', { text: 'ski bag allowance rules' }, NO_HITS), call('faq_search', { text: 'allowance for a ski bag' }, NO_HITS)];
    expect(detectStallLoop(changed, options)).toBeUndefined();
  });

  it('does not count the identical call answered with a value gone (a list that shrinks): the world moved', () => {
    const lists = ['["3A", "3C", "5D", "7F"]', '["3A", "3C", "5D"]', '["3A", "3C"]', '["3A"]'];
    const turns = [opening, ...lists.map((free) => call('get_free_berths', { train: 'NT-41', coach: 'sleeper' }, `{"train": "NT-41", "coach": "sleeper", "status": "open for booking today", "free": ${free}, "note": "berths are held for ten minutes once chosen"}`))];
    expect(detectStallLoop(turns, options)).toBeUndefined();
  });
});

describe('the futile change (detectStallLoop)', () => {
  const requeue = (ticket: string): AssistantTurnHashes[] => [
    call('submit_payout', { claim: 'CL-5521', amount: '88.40', to: 'account' }, `{"ticket": "${ticket}", "state": "accepted"}`),
    call('payout_status', { ticket }, `{"ticket": "${ticket}", "state": "rejected", "why": "receiving account 7731 is frozen"}`),
  ];

  it('finds the identical change made again, each time followed by the same failure under a new handle', () => {
    const turns = [...requeue('T-801'), ...requeue('T-817'), ...requeue('T-829')];
    expect(detectStallLoop(turns, options)).toMatchObject({ kind: 'call', count: 3, hash: turns[0]!.calls[0]!.callHash, lastId: turns[4]!.id });
    expect(detectStallLoop(turns.slice(0, 4), options)).toBeUndefined();
  });

  it('does not count a change made again when what follows tells something new, nor when the user asks for each retry', () => {
    const reasons = ['receiving account 7731 is frozen', 'daily limit reached', 'bank holiday, retry tomorrow'];
    const learning = reasons.flatMap((why, index) => [
      call('submit_payout', { claim: 'CL-5521', amount: '88.40', to: 'account' }, `{"ticket": "T-9${index}", "state": "accepted"}`),
      call('payout_status', { ticket: `T-9${index}` }, `{"ticket": "T-9${index}", "state": "rejected", "why": "${why}"}`),
    ]);
    expect(detectStallLoop(learning, options)).toBeUndefined();
    const asked = [...requeue('T-801'), ...requeue('T-817'), ...requeue('T-829')].map((turn, index) => (index === 2 || index === 4 ? { ...turn, promptTerms: ['please', 'again'] } : turn));
    expect(detectStallLoop(asked, options)).toBeUndefined();
  });
});

describe('callSubject and callNames', () => {
  it('keep what a call asks about, not how it asks', () => {
    expect(callSubject('bash', { command: 'grep -rn parseInvoice src' })).not.toContain('grep');
    expect(callSubject('pip', { command: 'pip show numpy' })).toEqual(['numpy', 'show']);
    expect(callSubject('faq_search', '{"text": "ski bag"}')).toEqual(['bag', 'ski']);
    expect(callNames({ command: 'grep -rn parseInvoice src/app.py' })).toEqual(['parseinvoice', 'src/app.py']);
    expect(callNames({ order: 'A-3301', note: 'plain words only' })).toEqual(['a-3301']);
  });

  it('asksTheSame: a shared subject term, no name swapped for another', () => {
    const first = { subject: new Set(['numpy', 'show']), names: new Set<string>() };
    expect(asksTheSame(first, ['import', 'numpy', 'print'], ['numpy.__version__'])).toBe(true);
    expect(asksTheSame(first, ['requests', 'show'], [])).toBe(true);
    expect(asksTheSame(first, ['pandas'], [])).toBe(false);
    const order = { subject: new Set(['a-3301', '3301']), names: new Set(['a-3301']) };
    expect(asksTheSame(order, ['a-3302', '3302'], ['a-3302'])).toBe(false);
    expect(asksTheSame({ subject: new Set(), names: new Set() }, [], [])).toBe(true);
  });
});
