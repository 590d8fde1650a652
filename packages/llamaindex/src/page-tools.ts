import { CairnError, type ZoomRequest, type ZoomResult } from '@cairn/core';
import type { BaseToolWithCall, JSONValue } from 'llamaindex';

/** What the page tools act on: usually the agent's `CairnMemory`. */
export interface PageZoomer {
  consult(request: ZoomRequest): Promise<ZoomResult> | ZoomResult;
  shelve(request: ZoomRequest): Promise<ZoomResult> | ZoomResult;
}

const PARAMETERS = {
  type: 'object',
  properties: {
    ids: { type: 'array', items: { type: 'string' }, description: "Ids the view names: id=… of a placeholder or compressed message, a placeholder run's from..to (lists its pages), or page ids from such a list." },
    reason: { type: 'string', description: 'Why, truthfully and specifically; shown back to you next turn.' },
  },
  required: ['ids', 'reason'],
} as const;

async function zoom(zoomer: PageZoomer, action: 'consult' | 'shelve', input: unknown): Promise<JSONValue> {
  try {
    const request = (typeof input === 'object' && input !== null ? input : {}) as ZoomRequest;
    return (await (action === 'consult' ? zoomer.consult(request) : zoomer.shelve(request))).text;
  } catch (error) {
    if (CairnError.isInstance(error)) return `Error: ${error.message}`;
    return `Error: ${action} failed (${error instanceof Error ? error.message : String(error)}); nothing changed.`;
  }
}

/**
 * The page zoom tools (PCP) for a LlamaIndex agent whose memory is a `CairnMemory`: `consult`
 * shows pages in full from the next model call on (Summary → Detail); `shelve` folds them back.
 * Results say per id what changed; unknown or foreign ids and bad input come back as the tool's
 * text, never as a throw in the agent loop.
 *
 * @param zoomer - The agent's `CairnMemory` (or anything with `consult` and `shelve`).
 * @returns Two tools to add to the agent's `tools`.
 * @throws CairnError `INVALID_OPTIONS` when `zoomer` has no `consult` / `shelve`.
 *
 * @example
 * ```ts
 * const memory = createCairnMemory({ sessionId: 'agent-1' });
 * const myAgent = agent({ llm, memory, tools: [...myTools, ...pageTools(memory)] });
 * ```
 */
export function pageTools(zoomer: PageZoomer): BaseToolWithCall[] {
  if (typeof zoomer?.consult !== 'function' || typeof zoomer?.shelve !== 'function') {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: 'Invalid pageTools argument: pass a CairnMemory (or an object with consult(request) and shelve(request)).' });
  }
  return [
    {
      metadata: {
        name: 'consult',
        description:
          'Show pages of the conversation in full from your next step on. Use it when a placeholder ([cairn:placeholder id=…], or a run from=… to=…) or a compressed message hides what you need; pass the ids and why.',
        parameters: PARAMETERS,
      },
      call: (input: unknown) => zoom(zoomer, 'consult', input),
    },
    {
      metadata: {
        name: 'shelve',
        description: 'Fold consulted pages back to their summaries once you no longer need them in full (frees room in your context).',
        parameters: PARAMETERS,
      },
      call: (input: unknown) => zoom(zoomer, 'shelve', input),
    },
  ];
}
