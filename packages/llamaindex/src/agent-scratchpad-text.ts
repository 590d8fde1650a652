/**
 * The text an `agent()` workflow (`@llamaindex/workflow` 0.x) puts in its scratchpad for a tool
 * call's result: what the model will see before the call is added to the memory. Used to tell the
 * memory how many tokens the in-flight round takes, so kept byte-for-byte with the workflow's
 * `stringifyJSONToMessageContent` (pretty JSON with double-quoted strings unquoted) and its
 * error path (`Error: ${new Error(prettifyError(error))}`).
 */

/** The scratchpad text of a tool's output. */
export function agentResultText(output: unknown): string {
  const json = JSON.stringify(output, null, 2) ?? String(output);
  return json.replace(/"([^"]*)"/g, '$1');
}

/** The scratchpad text of an error a tool threw. */
export function agentErrorText(error: unknown): string {
  const pretty = error instanceof Error ? `Error(${error.name}): ${error.message}` : String(error);
  return `Error: Error: ${pretty}`;
}
