import type { LanguageModelV4Message, LanguageModelV4Prompt } from '@ai-sdk/provider';
import fc from 'fast-check';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** JSON values that survive JSON text exactly (no -0, no NaN), keys included `__proto__` and cairn's tag. */
export const jsonValue: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.string({ maxLength: 12 }),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('__proto__', '$cairnType', 'value')), tie('value'), { maxKeys: 3 }),
  ),
})).value;

const providerOptions = fc.dictionary(fc.constantFrom('openai', 'anthropic', 'google', 'cairn'), fc.dictionary(fc.string({ maxLength: 6 }), jsonValue, { maxKeys: 2 }), { minKeys: 1, maxKeys: 2 });
const withOptions = <T extends object>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T> =>
  fc.tuple(arbitrary, fc.option(providerOptions, { nil: undefined })).map(([value, options]) => (options ? { ...value, providerOptions: options } : value));

/** Text that may imitate cairn's own markers. */
const text = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('[cairn:related u3]', '[cairn:placeholder 1-4]', '[\\cairn:x]', 'Known dead ends:', ''));

const fileData = fc.oneof(
  fc.record({ type: fc.constant('data' as const), data: fc.oneof(fc.uint8Array({ maxLength: 16 }), fc.base64String({ maxLength: 12 })) }),
  fc.record({ type: fc.constant('url' as const), url: fc.webUrl().map((href) => new URL(href)) }),
  fc.record({ type: fc.constant('reference' as const), reference: fc.dictionary(fc.constantFrom('openai', 'google'), fc.string({ maxLength: 8 }), { minKeys: 1, maxKeys: 2 }) }),
  fc.record({ type: fc.constant('text' as const), text }),
);

const textPart = withOptions(fc.record({ type: fc.constant('text' as const), text }));
const filePart = withOptions(fc.record({ type: fc.constant('file' as const), data: fileData, mediaType: fc.constantFrom('image/png', 'application/pdf', 'text', 'audio/wav'), filename: fc.option(fc.string({ maxLength: 8 }), { nil: undefined }) }).map(({ filename, ...part }) => (filename === undefined ? part : { ...part, filename })));
const reasoningPart = withOptions(fc.record({ type: fc.constant('reasoning' as const), text }));
const reasoningFilePart = withOptions(fc.record({ type: fc.constant('reasoning-file' as const), data: fc.record({ type: fc.constant('data' as const), data: fc.uint8Array({ maxLength: 8 }) }), mediaType: fc.constant('image/png') }));
const customPart = withOptions(fc.record({ type: fc.constant('custom' as const), kind: fc.constantFrom('openai.compaction', 'anthropic.thing') as fc.Arbitrary<`${string}.${string}`> }));

const output = fc.oneof(
  withOptions(fc.record({ type: fc.constant('text' as const), value: text })),
  withOptions(fc.record({ type: fc.constant('json' as const), value: jsonValue })),
  withOptions(fc.record({ type: fc.constant('error-text' as const), value: text })),
  withOptions(fc.record({ type: fc.constant('error-json' as const), value: jsonValue })),
  withOptions(fc.record({ type: fc.constant('execution-denied' as const), reason: fc.option(text, { nil: undefined }) }).map(({ reason, ...rest }) => (reason === undefined ? rest : { ...rest, reason }))),
  withOptions(
    fc.record({
      type: fc.constant('content' as const),
      value: fc.array(fc.oneof(fc.record({ type: fc.constant('text' as const), text }), fc.record({ type: fc.constant('file' as const), data: fileData, mediaType: fc.constant('image/png') })), { maxLength: 2 }),
    }),
  ),
);

const toolName = fc.constantFrom('shell', 'read_file', 'search');
const approval = withOptions(fc.record({ type: fc.constant('tool-approval-response' as const), approvalId: fc.string({ minLength: 1, maxLength: 6 }), approved: fc.boolean() }));

/** One conversation turn: a user message, an assistant message, and the results of its client calls. */
const turn = fc
  .record({
    user: withOptions(fc.record({ role: fc.constant('user' as const), content: fc.array(fc.oneof(textPart, filePart), { minLength: 1, maxLength: 3 }) })),
    system: fc.option(withOptions(fc.record({ role: fc.constant('system' as const), content: text })), { nil: undefined }),
    extras: fc.array(fc.oneof(textPart, reasoningPart, reasoningFilePart, filePart, customPart), { maxLength: 3 }),
    providerCall: fc.option(fc.record({ toolName, input: jsonValue, output }), { nil: undefined }),
    calls: fc.array(fc.record({ toolName, input: jsonValue, output, options: fc.option(providerOptions, { nil: undefined }) }), { maxLength: 3 }),
    approvals: fc.array(approval, { maxLength: 1 }),
    assistantOptions: fc.option(providerOptions, { nil: undefined }),
  });

/**
 * AI SDK (LanguageModelV4) prompts with every part type the V4 prompt has: system, user (text,
 * files of every data kind), assistant (text, reasoning, reasoning files, files, custom parts,
 * provider-executed calls with their results, client calls), tool results of every output type,
 * tool-approval responses, and provider options anywhere. Client calls are answered by the tool
 * message after them (the structure the AI SDK sends); call ids are unique.
 */
export const arbitraryPrompt: fc.Arbitrary<LanguageModelV4Prompt> = fc.array(turn, { minLength: 1, maxLength: 5 }).map((turns) => {
  const prompt: LanguageModelV4Message[] = [];
  turns.forEach((item, turnIndex) => {
    if (item.system) prompt.push(item.system);
    prompt.push(item.user);
    const content: Extract<LanguageModelV4Message, { role: 'assistant' }>['content'] = [...item.extras];
    if (item.providerCall) {
      const id = `p${turnIndex}`;
      content.push({ type: 'tool-call', toolCallId: id, toolName: item.providerCall.toolName, input: item.providerCall.input, providerExecuted: true });
      content.push({ type: 'tool-result', toolCallId: id, toolName: item.providerCall.toolName, output: item.providerCall.output });
    }
    item.calls.forEach((call, index) => {
      content.push({ type: 'tool-call', toolCallId: `c${turnIndex}-${index}`, toolName: call.toolName, input: call.input, ...(call.options ? { providerOptions: call.options } : {}) });
    });
    prompt.push(item.assistantOptions ? { role: 'assistant', content, providerOptions: item.assistantOptions } : { role: 'assistant', content });
    if (item.calls.length > 0 || item.approvals.length > 0) {
      prompt.push({
        role: 'tool',
        content: [...item.approvals, ...item.calls.map((call, index) => ({ type: 'tool-result' as const, toolCallId: `c${turnIndex}-${index}`, toolName: call.toolName, output: call.output }))],
      });
    }
  });
  return prompt;
});
