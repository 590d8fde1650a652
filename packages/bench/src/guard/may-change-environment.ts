/**
 * Tools (or SWE-agent commands) that only read: searching, finding, listing, viewing, scrolling,
 * looking up. The benchmark's own list, kept apart from the guard's classifier so the guard is
 * not measured against itself.
 */
const READ_ONLY = /^(search|find|grep|rg|ls|cat|head|tail|goto|scroll|rover|stackoverflow|think|get|list|view|show|lookup|calculate|read|describe)([_\-\s].*)?$/i;

/**
 * Whether a successful call may have changed what an earlier failure depended on. Everything that
 * is not plainly read-only counts: edits, creates, installs, bookings, running a script (it may
 * write files), and also opening a file or changing directory (relative commands then act
 * elsewhere).
 *
 * @param name - The tool called.
 * @param args - Its arguments; a SWE-agent `command` argument's first word is the verb.
 *
 * @example
 * ```ts
 * mayChangeEnvironment('search_file', { command: 'search_file x' }); // false
 * mayChangeEnvironment('edit', { command: 'edit 1:2\nx\nend_of_edit' }); // true
 * ```
 */
export function mayChangeEnvironment(name: string, args: unknown): boolean {
  const command = typeof args === 'object' && args !== null ? (args as Record<string, unknown>).command : undefined;
  const verb = typeof command === 'string' && command.trim() !== '' ? command.trim().split(/\s+/)[0]! : name;
  return !READ_ONLY.test(name) || !READ_ONLY.test(verb);
}
