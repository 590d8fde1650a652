import { CairnError } from '../log/index.js';
import { DEFAULT_DENSE_OPTIONS, type DenseOptions, type ResolvedDenseOptions } from './dense-options.js';

/**
 * Applies the defaults of the `dense` engine option and checks it.
 * @throws CairnError `INVALID_OPTIONS` for an unknown `combine` or a `share` outside 0–1.
 * @internal
 */
export function resolveDenseOptions(options: DenseOptions | undefined): ResolvedDenseOptions {
  if (options === undefined) return DEFAULT_DENSE_OPTIONS;
  if (typeof options !== 'object' || options === null) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid context engine option dense: got ${String(options)}; expected an object like { combine: 'add', share: 0.5 }.` });
  }
  const { combine = DEFAULT_DENSE_OPTIONS.combine, share = DEFAULT_DENSE_OPTIONS.share, agentShare = DEFAULT_DENSE_OPTIONS.agentShare } = options;
  if (combine !== 'add' && combine !== 'rerank' && combine !== 'replace') {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid context engine option dense.combine: got ${String(combine)}; expected 'add', 'rerank' or 'replace'.` });
  }
  for (const [name, value] of [['share', share], ['agentShare', agentShare]] as const) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
      throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid context engine option dense.${name}: got ${String(value)}; expected a number from 0 to 1.` });
    }
  }
  return { combine, share, agentShare };
}
