import { type BenchmarkDataset, loadDatasets, SessionFormatError } from '@cairn/bench';
import { CliError } from './cli-error.js';

/**
 * The real data sets under `dir` (LoCoMo, tau-bench, CodeR layouts), as `cairn bench` and
 * `cairn guard` read them. A bad file becomes a one-line `CliError` naming the file and line.
 *
 * @param dir - The folder, resolved.
 * @param shown - The folder as the user wrote it, for messages.
 * @param maxSessions - At most this many session files per data set.
 * @returns The data sets found.
 * @throws `CliError` (exit 1) when none is found or a file is malformed.
 */
export async function loadRealDatasets(dir: string, shown: string, maxSessions: number | undefined): Promise<BenchmarkDataset[]> {
  try {
    const datasets = await loadDatasets(dir, maxSessions === undefined ? {} : { maxSessionsPerDataset: maxSessions });
    if (datasets.length === 0) throw new CliError(`${shown}: no data sets found (expected locomo/*.session.jsonl, tau-bench-airline/runs/*.session.jsonl or coder-swebench-lite/runs/*.session.jsonl)`);
    return datasets;
  } catch (error) {
    if (SessionFormatError.isInstance(error)) throw new CliError(error.message, 1, { cause: error });
    throw error;
  }
}
