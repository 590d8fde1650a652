import { BaseLLM, type ChatMessage, type ChatResponse, type ChatResponseChunk, type LLMMetadata } from 'llamaindex';

/** The scripted model's context window, in tokens. */
export const SCRIPTED_CONTEXT_WINDOW = 2048;

/**
 * An offline LLM on LlamaIndex's own `BaseLLM`: it answers every call with a fixed-length note
 * and records how many messages each call carried. No network, no key.
 */
export class ScriptedLLM extends BaseLLM {
  readonly promptSizes: number[] = [];
  readonly metadata: LLMMetadata = { model: 'scripted', temperature: 0, topP: 1, contextWindow: SCRIPTED_CONTEXT_WINDOW, tokenizer: undefined, structuredOutput: false };

  override chat(params: { messages: ChatMessage[]; stream: true }): Promise<AsyncIterable<ChatResponseChunk>>;
  override chat(params: { messages: ChatMessage[]; stream?: false }): Promise<ChatResponse<object>>;
  override async chat(params: { messages: ChatMessage[]; stream?: boolean }): Promise<AsyncIterable<ChatResponseChunk> | ChatResponse<object>> {
    this.promptSizes.push(params.messages.length);
    const text = `Noted (${params.messages.length} messages in view). ${'I checked the logs and the config again. '.repeat(4)}`;
    if (params.stream) return (async function* () { yield { delta: text, raw: {} }; })();
    return { message: { role: 'assistant', content: text }, raw: {} };
  }
}
