import { describe, expect, it } from 'vitest';
import { createProgressBar, renderProgressLine } from './progress-bar.js';

describe('progress bar', () => {
  it('draws the bar, the count, the time left and the label', () => {
    expect(renderProgressLine({ done: 1, total: 4, label: 'x', elapsedMs: 1000, barWidth: 4 })).toBe('[#---]  25%  1/4  3s left  x');
    expect(renderProgressLine({ done: 0, total: 4, label: 'x', elapsedMs: 0, barWidth: 4 })).toBe('[----]   0%  0/4  x');
  });

  it('writes one line per tenth on a plain stream, redraws in place on a terminal', () => {
    const plain: string[] = [];
    const bar = createProgressBar({ stream: { write: (text: string) => plain.push(text) }, now: () => 0 });
    for (let done = 1; done <= 20; done++) bar.update(done, 20, 'run');
    expect(plain).toHaveLength(11);
    expect(plain.every((line) => line.endsWith('\n'))).toBe(true);
    const tty: string[] = [];
    let time = 0;
    const terminalBar = createProgressBar({ stream: { write: (text: string) => tty.push(text), isTTY: true, columns: 60 }, now: () => (time += 200) });
    terminalBar.update(1, 2, 'run');
    terminalBar.update(2, 2, 'run');
    terminalBar.finish();
    expect(tty).toHaveLength(3);
    expect(tty.every((text) => text.startsWith('\r'))).toBe(true);
  });
});
