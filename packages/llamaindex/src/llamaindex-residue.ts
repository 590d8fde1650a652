import type { ChatMessage, MessageContentDetail, MessageType } from 'llamaindex';

/** The key under `CairnMessage.metadata` that holds what cairn's fields cannot express. @internal */
export const RESIDUE_KEY = 'llamaindex';

/**
 * What a LlamaIndex `ChatMessage` carries beyond cairn's fields, kept in the cairn message's
 * metadata so the message can be rebuilt verbatim: the original role, the original content when
 * it holds non-text details (images, audio, files…), and the `options` object (a tool result's
 * `result` is left out when it equals the message text, to avoid storing a large output twice).
 *
 * @internal
 */
export interface LlamaIndexResidue {
  role: MessageType;
  /** The original content, only when it holds details other than text. */
  content?: MessageContentDetail[];
  /** The original options (see above for `toolResult.result`). */
  options?: Record<string, unknown>;
  /** `options.toolResult.result` equals the message text and was left out of `options`. */
  resultIsContent?: true;
}

/** Reads the residue back, or undefined when the metadata holds none (or a malformed one). @internal */
export function readResidue(metadata: Readonly<Record<string, unknown>> | undefined): LlamaIndexResidue | undefined {
  const value = metadata?.[RESIDUE_KEY];
  if (typeof value !== 'object' || value === null || typeof (value as LlamaIndexResidue).role !== 'string') return undefined;
  return value as LlamaIndexResidue;
}

/** A LlamaIndex chat message, as the converters accept it. @internal */
export type AnyChatMessage = ChatMessage<object>;
