import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The installed directory of a dependency, found by walking up the resolving module's paths. */
function packageRoot(from: NodeRequire, name: string): string | undefined {
  for (const directory of from.resolve.paths(name) ?? []) {
    const candidate = join(directory, name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
  }
  return undefined;
}

/**
 * A second, real copy of the installed `@llamaindex/core` (what npm installs when two packages
 * pin different versions): the package is copied into a temporary `node_modules`, its
 * dependencies linked to the installed ones. Its classes have the same names as the installed
 * ones but are other classes, so `instanceof` fails across the two copies.
 */
export async function loadForeignLlamaIndexCore() {
  const require = createRequire(import.meta.url);
  // The package root: two levels above the resolved `llms` entry (`<root>/llms/dist/index.js`).
  const installed = dirname(dirname(dirname(realpathSync(require.resolve('@llamaindex/core/llms')))));
  const directory = mkdtempSync(join(tmpdir(), 'cairn-foreign-core-'));
  const root = join(directory, 'node_modules');
  const copy = join(root, '@llamaindex', 'core');
  mkdirSync(dirname(copy), { recursive: true });
  cpSync(installed, copy, { recursive: true, dereference: true });
  const from = createRequire(join(installed, 'package.json'));
  const { dependencies = {} } = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  for (const name of Object.keys(dependencies)) {
    const target = packageRoot(from, name);
    if (target === undefined) continue; // types only: not needed at runtime
    mkdirSync(dirname(join(root, name)), { recursive: true });
    symlinkSync(target, join(root, name), 'dir');
  }
  const load = (entry: string) => import(pathToFileURL(join(copy, entry, 'dist', 'index.js')).href);
  const [chatEngine, chatStore, llms, mock] = await Promise.all([load('chat-engine'), load('storage/chat-store'), load('llms'), load('llms/mock')]);
  return {
    ContextChatEngine: chatEngine.ContextChatEngine as typeof import('llamaindex').ContextChatEngine,
    SimpleChatEngine: chatEngine.SimpleChatEngine as typeof import('llamaindex').SimpleChatEngine,
    SimpleChatStore: chatStore.SimpleChatStore as typeof import('llamaindex').SimpleChatStore,
    BaseLLM: llms.BaseLLM as typeof import('llamaindex').BaseLLM,
    MockLLM: mock.MockLLM as typeof import('@llamaindex/core/llms/mock').MockLLM,
    /** Deletes the temporary copy (the loaded modules stay usable). */
    dispose: () => rmSync(directory, { recursive: true, force: true }),
  };
}
