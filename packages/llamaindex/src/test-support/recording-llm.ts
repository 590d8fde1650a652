import { MockLLM } from '@llamaindex/core/llms/mock';
import type { ChatMessage, ChatResponse, ChatResponseChunk, ToolCall } from 'llamaindex';

/** What the scripted model answers to one call: text, tool calls, or both. */
export interface ScriptedReply {
  text?: string;
  toolCalls?: ToolCall[];
}

/**
 * LlamaIndex's own `MockLLM`, recording the messages of every call and answering from a script
 * (a function of the call number and the messages it got). Streams answer in one chunk.
 */
export class RecordingLLM extends MockLLM {
  readonly calls: ChatMessage[][] = [];

  constructor(
    private readonly script: (call: number, messages: ChatMessage[]) => ScriptedReply = () => ({ text: 'ok' }),
    contextWindow = 4096,
  ) {
    super({ timeBetweenToken: 0, metadata: { model: 'RecordingLLM', temperature: 0, topP: 1, contextWindow, tokenizer: undefined, structuredOutput: false } });
  }

  // One implementation for both overloads of `chat`.
  override chat(params: { messages: ChatMessage[]; stream: true }): Promise<AsyncIterable<ChatResponseChunk>>;
  override chat(params: { messages: ChatMessage[]; stream?: false }): Promise<ChatResponse<object>>;
  override async chat(params: { messages: ChatMessage[]; stream?: boolean }): Promise<AsyncIterable<ChatResponseChunk> | ChatResponse<object>> {
    this.calls.push(structuredClone(params.messages));
    const reply = this.script(this.calls.length - 1, params.messages);
    const options = reply.toolCalls && reply.toolCalls.length > 0 ? { toolCall: reply.toolCalls } : undefined;
    const text = reply.text ?? '';
    if (params.stream) {
      return (async function* () {
        yield { delta: text, raw: {}, ...(options ? { options } : {}) };
      })();
    }
    return { message: { role: 'assistant', content: text, ...(options ? { options } : {}) }, raw: {} };
  }
}
