import { AIMessage, ChatMessage, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import fc from 'fast-check';

/** JSON data as it survives a store (no -0, no undefined). */
export const jsonValue: fc.Arbitrary<unknown> = fc.json({ maxDepth: 2 }).map((text) => JSON.parse(text) as unknown);
const key = fc.stringMatching(/^[a-z][a-z_]{0,7}$/).filter((name) => name !== 'tool_calls' && name !== 'function_call');
const record = fc.dictionary(key, jsonValue, { maxKeys: 3 });
const text = fc.string({ maxLength: 40 });
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const messageId = optional(fc.stringMatching(/^[a-zA-Z0-9-]{1,12}$/));

/** Content blocks of the kinds LangChain messages carry: text, images, files, reasoning. */
const block = fc.oneof(
  fc.record({ type: fc.constant('text'), text }),
  fc.record({ type: fc.constant('image_url'), image_url: fc.record({ url: fc.webUrl(), detail: fc.constantFrom('auto', 'low', 'high') }) }),
  fc.record({ type: fc.constant('image'), source_type: fc.constant('base64'), data: fc.base64String({ maxLength: 24 }), mime_type: fc.constant('image/png') }),
  fc.record({ type: fc.constant('file'), url: fc.webUrl(), mimeType: fc.constant('application/pdf') }),
  fc.record({ type: fc.constant('reasoning'), reasoning: text }),
  fc.record({ type: fc.constant('text'), text, cache_control: fc.constant({ type: 'ephemeral' }) }),
);
const content = fc.oneof(text, fc.array(block, { minLength: 1, maxLength: 4 }));

function common() {
  return { content, id: messageId, name: optional(fc.stringMatching(/^[a-z_]{1,10}$/)), additional_kwargs: optional(record), response_metadata: optional(record) };
}

function clean<T extends Record<string, unknown>>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
}

export const humanMessage = fc.record(common()).map((fields) => new HumanMessage(clean(fields)));
export const systemMessage = fc.record(common()).map((fields) => new SystemMessage(clean(fields)));
export const chatMessage = fc.record({ ...common(), role: fc.constantFrom('critic', 'assistant', 'user', 'system') }).map((fields) => new ChatMessage(clean(fields)));

const usage = fc.record({ input_tokens: fc.nat(5000), output_tokens: fc.nat(5000), total_tokens: fc.nat(10000) });

/** An assistant message making the given tool calls (ids chosen by the caller). */
export function aiMessage(callIds: readonly string[]): fc.Arbitrary<AIMessage> {
  return fc
    .record({
      ...common(),
      calls: fc.tuple(...callIds.map((id) => fc.record({ id: fc.constant(id), name: fc.stringMatching(/^[a-z_]{1,12}$/), args: record, type: fc.constant('tool_call' as const) }))),
      usage_metadata: optional(usage),
      invalid_tool_calls: optional(fc.array(fc.record({ id: fc.constant('bad-1'), name: fc.constant('broken'), args: fc.constant('{oops'), error: fc.constant('bad json'), type: fc.constant('invalid_tool_call' as const) }), { maxLength: 1 })),
    })
    .map(({ calls, ...fields }) => new AIMessage(clean({ ...fields, ...(calls.length > 0 ? { tool_calls: calls } : {}) })));
}

/** A tool result answering `callId`, successful or an error. */
export function toolMessage(callId: string): fc.Arbitrary<ToolMessage> {
  return fc
    .record({ ...common(), status: fc.constantFrom('success' as const, 'error' as const), artifact: optional(jsonValue) })
    .map((fields) => new ToolMessage(clean({ ...fields, tool_call_id: callId })));
}

/** Any single message (tool results answer a made-up call). */
export const anyMessage: fc.Arbitrary<BaseMessage> = fc.oneof(humanMessage, systemMessage, chatMessage, aiMessage([]), aiMessage(['c1', 'c2']), toolMessage('c1'));

/** A valid history: turns of a user message, an assistant with 0–2 calls, their results, and an answer. */
export const history: fc.Arbitrary<BaseMessage[]> = fc
  .array(fc.nat(2), { minLength: 1, maxLength: 5 })
  .chain((callCounts) =>
    fc.tuple(
      ...callCounts.map((count, turn) => {
        const ids = Array.from({ length: count }, (_, index) => `call-${turn}-${index}`);
        return fc.tuple(humanMessage, aiMessage(ids), fc.tuple(...ids.map((id) => toolMessage(id))), aiMessage([])).map(([human, ai, results, answer]) => [human, ai, ...results, ...(count > 0 ? [answer] : [])]);
      }),
    ),
  )
  .map((turns) => turns.flat())
  // Ids must be unique in a session; the arbitrary may repeat one.
  .filter((messages) => {
    const ids = messages.map((message) => message.id).filter((id) => id !== undefined);
    return new Set(ids).size === ids.length;
  });

/** Every data field of a message (all own fields but LangChain's `lc_*` bookkeeping), with its class. */
export function messageData(message: BaseMessage): Record<string, unknown> {
  const data: Record<string, unknown> = { class: message.constructor.name };
  for (const [name, value] of Object.entries(message)) if (!name.startsWith('lc_') && value !== undefined) data[name] = value;
  return data;
}
