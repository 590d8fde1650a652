/**
 * Turns a script's `corrupt` reply (reason, detail) into words.
 * @internal
 */
export function describeCorruption(reason: string, detail: string, schema: string): string {
  switch (reason) {
    case 'schema':
      return `it was written in store schema version '${detail}', and this version of @cairn/store-redis reads only '${schema}'`;
    case 'marker':
      return 'its schema marker is missing (the keys were not written by @cairn/store-redis)';
    case 'version':
      return `its state version ${JSON.stringify(detail)} is not a number`;
    case 'log-type':
      return `its log key holds a Redis ${detail}, not a list`;
    case 'state-type':
      return `its state key holds a Redis ${detail}, not a hash`;
    case 'index-type':
      return `the tenant's session index holds a Redis ${detail}, not a sorted set`;
    default:
      return `${reason} ${detail}`.trim();
  }
}
