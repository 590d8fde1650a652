import type { SeededRandom } from '../../seeded-random.js';
import { coderCall, type BlindEpisodeWriter } from './episode-writer.js';
import type { BuiltEpisode } from './tau-episodes.js';

/** The CodeR-style kinds of the blind set: loops first, then hard non-loops. */
export const CODER_BLIND_KINDS = [
  'loop:coder-rerun-same-output',
  'loop:coder-reread-same-content',
  'loop:coder-varied-rejected-edit',
  'loop:coder-exact-repeat',
  'loop:coder-reworded-search',
  'work:coder-paging',
  'work:coder-test-after-edits',
  'work:coder-retry-then-success',
  'work:coder-different-files-same-look',
  'work:coder-rerun-after-install',
] as const;

/** One CodeR-style kind. */
export type CoderBlindKind = (typeof CODER_BLIND_KINDS)[number];

const FILES = ['django/db/models/query.py', 'sklearn/utils/validation.py', 'sympy/core/expr.py', 'astropy/io/fits/header.py', 'requests/sessions.py'];
const CODE = ['        if self._result_cache is None:', '            self._fetch_all()', '        return len(self._result_cache)', '    def _clone(self):', '        obj = self.__class__(model=self.model)', '        obj._sticky_filter = self._sticky_filter', '        return obj', '', '    def count(self):', '        """Return the number of objects."""', '        if self._result_cache is not None:', '            return len(self._result_cache)'];
const REJECTED = "Your proposed edit has introduced new syntax error(s). Please understand the fixes and retry your edit command.\n\nERRORS:\n- E999 IndentationError: unexpected indent\n\nThis is how your edit would have looked if applied\n-------------------------------------------------";

/** A window of a fake source file, as the editor prints it. */
function fileWindow(path: string, start: number, size = 12): string {
  const lines = Array.from({ length: size }, (_, offset) => `${start + offset}:${CODE[(start + offset) % CODE.length]}`);
  return `[File: /repo/${path} (2140 lines total)]\n(${start - 1} more lines above)\n${lines.join('\n')}\n(${2140 - start - size + 1} more lines below)`;
}

function setUp(writer: BlindEpisodeWriter, random: SeededRandom, path: string): void {
  writer.turn('system', 'SETTING: You are an autonomous programmer working in a command line with a special interface (open, goto, scroll_down, edit, search_file, search_dir, python).');
  writer.turn('user', `We're currently solving the following issue within our repository. ISSUE: ${path} returns a wrong count after filtering (#${random.int(10000, 39999)}).`);
  coderCall(writer, 'First, let us find where the count is computed.', `search_dir "def count" ${path.split('/')[0]}`, `Found ${random.int(2, 9)} matches for "def count" in /repo/${path.split('/')[0]}:\n/repo/${path} (1 matches)\nEnd of matches`);
}

/**
 * Writes one CodeR-style episode of `kind` into `writer` (one agent's own messages).
 *
 * @returns How many times the repeated action occurs (0 for the non-loops) and a note.
 */
export function buildCoderEpisode(kind: CoderBlindKind, writer: BlindEpisodeWriter, random: SeededRandom): BuiltEpisode {
  const path = random.pick(FILES);
  const line = random.int(120, 1800);
  setUp(writer, random, path);
  switch (kind) {
    case 'loop:coder-rerun-same-output': {
      const times = random.int(3, 4);
      const output = `Traceback (most recent call last):\n  File "/repo/reproduce.py", line 14, in <module>\n    assert qs.count() == ${line % 7 + 2}, qs.count()\nAssertionError: ${line % 7 + 3}`;
      coderCall(writer, 'Let us write a script that reproduces the issue.', 'create reproduce.py', '[File: /repo/reproduce.py (1 lines total)]');
      const commands = random.shuffle(['python reproduce.py', 'python3 reproduce.py', 'python ./reproduce.py', 'cd /repo && python reproduce.py', 'python reproduce.py 2>&1']);
      const reasons = random.shuffle(['Now let us run the script to see whether the issue reproduces.', 'The output is not what I expected; let us run the script again to make sure.', 'Let us run it once more to confirm the failure.', 'Running the reproduction again to check the result.']);
      for (let index = 0; index < times; index++) coderCall(writer, reasons[index]!, commands[index]!, output, true);
      return { repeats: times, note: `the reproduction script re-run ${times} times (trivially different commands), the same output, nothing changed between` };
    }
    case 'loop:coder-reread-same-content': {
      const times = random.int(3, 4);
      const commands = random.shuffle([`open ${path} ${line}`, `goto ${line}`, `open ${path} ${line + 1}`, `goto ${line - 1}`]);
      const reasons = random.shuffle([`We need to look at the count method again to understand the caching.`, 'Let us view this section of the file again to see the logic.', 'I want to re-examine the implementation of count before editing.', 'Let me look at the same code once more.']);
      coderCall(writer, 'Let us open the file where count is defined.', `open ${path} ${line}`, fileWindow(path, line - 5));
      for (let index = 0; index < times - 1; index++) {
        const at = Number(/(\d+)$/.exec(commands[index]!)![1]);
        coderCall(writer, reasons[index]!, commands[index]!, fileWindow(path, at - 5));
      }
      return { repeats: times, note: `the same window of ${path} around line ${line} viewed ${times} times (open/goto with the line shifted by one), nothing used between` };
    }
    case 'loop:coder-varied-rejected-edit': {
      const times = random.int(3, 5);
      for (let index = 0; index < times; index++) {
        const indent = ' '.repeat(random.pick([5, 6, 9]));
        const command = `edit ${line}:${line + random.int(1, 2)}\n        if self._result_cache is not None:\n${indent}return len(self._result_cache)${random.chance(0.5) ? '  # cached' : ''}\nend_of_edit`;
        coderCall(writer, random.pick(['Let us fix the indentation and try the edit again.', 'The edit failed; I will correct the indentation.', 'Retrying the edit with proper indentation.']), command, REJECTED, true);
      }
      coderCall(writer, 'Let us look at the code around the edit.', `goto ${line}`, fileWindow(path, line - 5));
      return { repeats: times, note: `the same block edit at ${line} resubmitted ${times} times with small changes, the same syntax-error rejection` };
    }
    case 'loop:coder-exact-repeat': {
      const times = random.int(3, 4);
      const search = `search_file "_result_cache" ${path}`;
      const result = `Found 6 matches for "_result_cache" in /repo/${path}:\nLine ${line}: if self._result_cache is None:\nLine ${line + 2}: return len(self._result_cache)\nEnd of matches`;
      for (let index = 0; index < times; index++) coderCall(writer, random.pick(['Let us search for where _result_cache is used.', 'Let me search the file for _result_cache.']), search, result);
      return { repeats: times, note: `the identical search_file ${times} times in a row with the same matches` };
    }
    case 'loop:coder-reworded-search': {
      const times = random.int(3, 4);
      const terms = random.shuffle(['count cache', 'cached count', 'result cache count', 'count of cached results', 'cache count']);
      for (let index = 0; index < times; index++) coderCall(writer, random.pick(['Let us search for where the cached count is computed.', 'Maybe it is named differently; searching again.', 'Let me try another wording to find the cached count.']), `search_dir "${terms[index]!}"`, `No matches found for "${terms[index]!}" in /repo`);
      coderCall(writer, 'Let us open the file directly.', `open ${path} ${line}`, fileWindow(path, line - 5));
      return { repeats: times, borderline: true, note: `the same search reworded ${times} times, no matches each time, nothing learned between (borderline: could be read as different searches)` };
    }
    case 'work:coder-paging': {
      const pages = random.int(3, 5);
      coderCall(writer, 'Let us open the file and read through the QuerySet class.', `open ${path}`, fileWindow(path, 1, 100));
      for (let index = 0; index < pages; index++) coderCall(writer, 'The method is further down; scrolling on.', 'scroll_down', fileWindow(path, 101 + index * 100, 100));
      coderCall(writer, 'Found the count method. Let us fix it.', `edit ${line}:${line}\n        return self.query.get_count(using=self.db)\nend_of_edit`, `[File: /repo/${path} (2140 lines total)]\nFile updated.`);
      return { repeats: 0, note: `${pages} scroll_down pages through the file, each a new page, then the fix` };
    }
    case 'work:coder-test-after-edits': {
      const rounds = random.int(3, 4);
      const errors = ['AssertionError: 5', "KeyError: 'total'", 'TypeError: count() takes 1 positional argument but 2 were given', 'AssertionError: 3'];
      for (let index = 0; index < rounds; index++) {
        coderCall(writer, index === 0 ? 'Let us run the reproduction.' : 'Now let us run the script again to check the edit.', 'python reproduce.py', index === rounds - 1 ? 'Script completed successfully, no errors.' : errors[index]!, index !== rounds - 1);
        if (index < rounds - 1) coderCall(writer, 'The error points at another place; let us change it.', `edit ${line + index * 17}:${line + index * 17 + 1}\n        total = self.query.get_count(using=self.db, step=${index})\nend_of_edit`, `[File: /repo/${path} (${2140 + index} lines total)]\nFile updated.`);
      }
      return { repeats: 0, note: `python reproduce.py run ${rounds} times, each after a different applied edit, the error changes and then it passes` };
    }
    case 'work:coder-retry-then-success': {
      coderCall(writer, 'Let us make the edit.', `edit ${line}:${line + 1}\n         return len(self._result_cache)\nend_of_edit`, REJECTED, true);
      coderCall(writer, 'The indentation was wrong; let me try again.', `edit ${line}:${line + 1}\n          return len(self._result_cache)\nend_of_edit`, REJECTED, true);
      coderCall(writer, 'Counting the spaces carefully this time.', `edit ${line}:${line + 1}\n            return len(self._result_cache)\nend_of_edit`, `[File: /repo/${path} (2141 lines total)]\nFile updated.`);
      coderCall(writer, 'Now let us run the reproduction.', 'python reproduce.py', 'Script completed successfully, no errors.');
      return { repeats: 0, note: 'an edit rejected twice, the third variant applies, then the test passes' };
    }
    case 'work:coder-different-files-same-look': {
      const files = random.shuffle(FILES).slice(0, random.int(3, 5));
      for (const file of files) coderCall(writer, 'Let us check whether this module defines count as well.', `search_file "def count" ${file}`, `Found 1 matches for "def count" in /repo/${file}:\nLine ${random.int(100, 900)}: def count(self):\nEnd of matches`);
      return { repeats: 0, note: `the same search in ${files.length} different files, each a different file and line` };
    }
    case 'work:coder-rerun-after-install': {
      coderCall(writer, 'Let us run the reproduction.', 'python reproduce.py', "ModuleNotFoundError: No module named 'pytz'", true);
      coderCall(writer, 'A dependency is missing; let us install it.', 'pip install pytz', 'Successfully installed pytz-2024.1');
      coderCall(writer, 'Now the script should run.', 'python reproduce.py', 'AssertionError: 4', true);
      coderCall(writer, 'The assertion fails as the issue says; let us fix count.', `edit ${line}:${line}\n        return self.query.get_count(using=self.db)\nend_of_edit`, `[File: /repo/${path} (2140 lines total)]\nFile updated.`);
      coderCall(writer, 'Run it again after the fix.', 'python reproduce.py', 'Script completed successfully, no errors.');
      return { repeats: 0, note: 'the script run three times: missing module, install, assertion, edit, passes' };
    }
  }
}
