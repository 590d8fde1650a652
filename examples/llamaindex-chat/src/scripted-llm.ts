import { MockLLM } from '@llamaindex/core/llms/mock';
import type { ChatMessage, ChatResponse, ChatResponseChunk } from 'llamaindex';

/** LlamaIndex's MockLLM with scripted answers; it counts the messages of each call it gets. */
export class ScriptedLLM extends MockLLM {
  readonly promptSizes: number[] = [];

  constructor() {
    super({ timeBetweenToken: 0, metadata: { model: 'scripted', temperature: 0, topP: 1, contextWindow: 2048, tokenizer: undefined, structuredOutput: false } });
  }

  override chat(params: { messages: ChatMessage[]; stream: true }): Promise<AsyncIterable<ChatResponseChunk>>;
  override chat(params: { messages: ChatMessage[]; stream?: false }): Promise<ChatResponse<object>>;
  override async chat(params: { messages: ChatMessage[]; stream?: boolean }): Promise<AsyncIterable<ChatResponseChunk> | ChatResponse<object>> {
    this.promptSizes.push(params.messages.length);
    const text = `Noted (${params.messages.length} messages in view). ${'I checked the logs and the config again. '.repeat(4)}`;
    if (params.stream) return (async function* () { yield { delta: text, raw: {} }; })();
    return { message: { role: 'assistant', content: text }, raw: {} };
  }
}
