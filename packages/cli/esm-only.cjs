'use strict';
// @cairn/cli is ESM only (its entry point runs as a script through import.meta): require()
// fails here, loudly, instead of half-working. The libraries (@cairn/core, the adapters, the
// stores, @cairn/bench) ship CommonJS builds.
throw Object.assign(new Error("@cairn/cli is an ES module: load it with import('@cairn/cli') (or run the `cairn` command), not require(). The cairn libraries (@cairn/core, @cairn/ai-sdk, @cairn/langchain, @cairn/llamaindex, @cairn/store-*, @cairn/bench) support require()."), { code: 'ERR_REQUIRE_ESM' });
