/** What {@link renderProgressLine} draws. */
export interface ProgressLineOptions {
  done: number;
  total: number;
  /** What is running now. */
  label: string;
  /** Milliseconds since the start (for the remaining-time estimate). */
  elapsedMs: number;
  /** Characters of the bar. @default 24 */
  barWidth?: number;
}

const formatSeconds = (milliseconds: number): string => {
  const seconds = Math.max(0, Math.round(milliseconds / 1000));
  return seconds >= 60 ? `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s` : `${seconds}s`;
};

/**
 * One line of the progress bar: `[#########---------]  45%  123/270  2m05s left  locomo · cairn · 10%`.
 *
 * @param options - Progress and label.
 * @returns The line, without a line break.
 *
 * @example
 * ```ts
 * renderProgressLine({ done: 1, total: 4, label: 'x', elapsedMs: 1000, barWidth: 4 }); // '[#---]  25%  1/4  3s left  x'
 * ```
 */
export function renderProgressLine({ done, total, label, elapsedMs, barWidth = 24 }: ProgressLineOptions): string {
  const share = total === 0 ? 1 : Math.min(1, done / total);
  const filled = Math.round(share * barWidth);
  const left = done === 0 ? '' : `  ${formatSeconds((elapsedMs / done) * (total - done))} left`;
  return `[${'#'.repeat(filled)}${'-'.repeat(barWidth - filled)}] ${`${Math.floor(share * 100)}%`.padStart(4)}  ${done}/${total}${left}  ${label}`;
}

/** A progress bar on a stream. */
export interface ProgressBar {
  update(done: number, total: number, label: string): void;
  /** Clears the bar (on a terminal). */
  finish(): void;
}

/** Options of {@link createProgressBar}. */
export interface ProgressBarOptions {
  stream: { write(text: string): unknown; isTTY?: boolean; columns?: number };
  now: () => number;
}

/**
 * A progress bar for stderr: redrawn in place on a terminal (at most ten times a second), and on
 * other streams (logs, CI) one plain line per tenth of the way.
 *
 * @param options - The stream and the clock.
 * @returns The bar.
 *
 * @example
 * ```ts
 * const bar = createProgressBar({ stream: process.stderr, now: () => performance.now() });
 * bar.update(3, 10, 'locomo · cairn'); bar.finish();
 * ```
 */
export function createProgressBar({ stream, now }: ProgressBarOptions): ProgressBar {
  const started = now();
  let lastDraw = Number.NEGATIVE_INFINITY;
  let lastTenth = -1;
  let drawn = false;
  return {
    update(done, total, label) {
      const line = renderProgressLine({ done, total, label, elapsedMs: now() - started });
      if (stream.isTTY) {
        const time = now();
        if (time - lastDraw < 100 && done < total) return;
        lastDraw = time;
        const width = Math.max(20, (stream.columns ?? 100) - 1);
        stream.write(`\r${line.slice(0, width).padEnd(width)}`);
        drawn = true;
        return;
      }
      const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
      if (tenth > lastTenth) {
        lastTenth = tenth;
        stream.write(`${line}\n`);
      }
    },
    finish() {
      if (stream.isTTY && drawn) stream.write(`\r${' '.repeat(Math.max(20, (stream.columns ?? 100) - 1))}\r`);
    },
  };
}
