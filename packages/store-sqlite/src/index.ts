export { createSqliteSessionStore, DEFAULT_BUSY_TIMEOUT_MS, DEFAULT_SYNCHRONOUS } from './create-sqlite-session-store.js';
export type { SqliteSessionStore, SqliteSessionStoreOptions } from './create-sqlite-session-store.js';
export { MIGRATIONS, SCHEMA_VERSION, migrateSchema } from './migrate-schema.js';
export { FRESH_FILE_MS } from './sqlite-damage.js';
