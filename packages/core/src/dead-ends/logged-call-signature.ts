import { callSignature, type CallSignature } from './call-signature.js';

/** Signatures by the arguments object of a logged call, then by tool name. */
const signatures = new WeakMap<object, Map<string, CallSignature>>();

/**
 * {@link callSignature} of a logged tool call, computed once per call: the dead-end tracker (at
 * its result) and the playbook's curator (at the call) both ask for it, with the very arguments
 * object the log holds. Only for arguments of logged messages (the log's own copies, never
 * changed); arguments given as a string, or anything not an object, are signed each time.
 *
 * @param name - The tool name.
 * @param args - The call's arguments as logged.
 * @returns What `callSignature(name, args)` returns (the same object for the same call).
 * @internal
 */
export function loggedCallSignature(name: string, args: unknown): CallSignature {
  if (typeof args !== 'object' || args === null) return callSignature(name, args);
  let byName = signatures.get(args);
  if (byName === undefined) {
    byName = new Map();
    signatures.set(args, byName);
  }
  let signature = byName.get(name);
  if (signature === undefined) {
    signature = callSignature(name, args);
    byName.set(name, signature);
  }
  return signature;
}
