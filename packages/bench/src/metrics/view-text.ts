import { argumentsText, type CairnMessage, contentText } from '@cairn/core';

/** A message of a view as the metrics read it: any strategy's, cairn's view messages included. */
export type BenchmarkViewMessage = CairnMessage & {
  /** Ids of the log messages it renders (cairn views; or `metadata.sourceIds`); else its own `id`. */
  sourceIds?: readonly string[];
  /** Fidelity of the rendering (cairn views; or `metadata.fidelity`). */
  fidelity?: string;
  /** True for messages a strategy made up. */
  synthetic?: boolean;
};

/**
 * The log message ids a view message renders: `sourceIds` (cairn's view messages), or
 * `metadata.sourceIds` (cairn's view mapped to `CairnMessage`s), else its own id.
 *
 * @param message - A view message of any strategy.
 * @returns The ids it stands for.
 */
export function renderedIds(message: BenchmarkViewMessage): readonly string[] {
  const fromMetadata = message.metadata?.['sourceIds'];
  if (message.sourceIds) return message.sourceIds;
  if (Array.isArray(fromMetadata) && fromMetadata.every((id) => typeof id === 'string')) return fromMetadata as string[];
  return [message.id];
}

/**
 * The fidelity a view message is rendered at: `fidelity`, or `metadata.fidelity`.
 *
 * @param message - A view message of any strategy.
 * @returns `full`, `compressed`, `placeholder`, or `undefined` when the strategy does not say.
 */
export function renderedFidelity(message: BenchmarkViewMessage): string | undefined {
  const fromMetadata = message.metadata?.['fidelity'];
  return message.fidelity ?? (typeof fromMetadata === 'string' ? fromMetadata : undefined);
}

/**
 * The text a model reads from one message: its content, then each tool call's name and
 * arguments on its own line.
 *
 * @param message - A view or session message.
 * @returns Its readable text.
 *
 * @example
 * ```ts
 * messageText({ id: 'a', role: 'assistant', content: 'Looking.', toolCalls: [{ id: 'c', name: 'grep', arguments: { q: 'x' } }] });
 * // 'Looking.\ngrep {"q":"x"}'
 * ```
 */
export function messageText(message: CairnMessage): string {
  let text = contentText(message.content);
  for (const call of message.toolCalls ?? []) text += `\n${call.name} ${argumentsText(call.arguments)}`;
  return text;
}

/**
 * The whole text of a view, messages separated by blank lines.
 *
 * @param view - The messages a strategy assembled.
 * @returns What the model would read.
 */
export function viewText(view: readonly CairnMessage[]): string {
  return view.map(messageText).join('\n\n');
}
