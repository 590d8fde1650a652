import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { CairnError } from '@cairn/core';

/**
 * The tools a call is about to use, as `plannedTools` for core's `assemble` (PAACE), or
 * `undefined` when the call does not say. In order:
 *
 * 1. `providerOptions.cairn.plannedTools` (an array of tool names), when the caller names them;
 * 2. a `toolChoice` of `{ type: 'tool', toolName }`: the model must call that tool;
 * 3. the offered `tools` when they are a strict subset of the tools offered earlier to the same
 *    engine (`offered`): the AI SDK filters `activeTools` (or a `prepareStep`'s) before the
 *    middleware sees the call, so a narrowed list is the only trace of it. The full list offered
 *    on every call says nothing about what comes next and is not passed (it would boost every
 *    tool exchange alike); a call with `activeTools` from its very first step is therefore not
 *    recognised — name the tools in `providerOptions.cairn.plannedTools` there.
 *
 * A `toolChoice` of `'none'` plans no tool. `offered` gains the call's tool names.
 *
 * @throws CairnError `INVALID_OPTIONS` when `providerOptions.cairn.plannedTools` is not an array
 *   of strings.
 * @internal
 */
export function plannedToolsOf(params: LanguageModelV4CallOptions, offered: Set<string>): string[] | undefined {
  const names = (params.tools ?? []).map((tool) => tool.name);
  const narrowed = offered.size > 0 && names.length > 0 && names.length < offered.size && names.every((name) => offered.has(name));
  for (const name of names) offered.add(name);
  const explicit = (params.providerOptions?.cairn as { plannedTools?: unknown } | undefined)?.plannedTools;
  if (explicit !== undefined) {
    if (!Array.isArray(explicit) || explicit.some((name) => typeof name !== 'string')) {
      throw new CairnError({
        code: 'INVALID_OPTIONS',
        message: `Invalid providerOptions.cairn.plannedTools: expected an array of tool names, got ${JSON.stringify(explicit)}.`,
        details: { plannedTools: String(explicit) },
      });
    }
    return explicit as string[];
  }
  const choice = params.toolChoice;
  if (choice?.type === 'none') return undefined;
  if (choice?.type === 'tool') return [choice.toolName];
  return narrowed ? names : undefined;
}
