/** Tag of an encoded non-JSON value inside stored metadata. */
const TAG = '$cairnType';

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let index = 0; index < bytes.length; index += chunk) {
    binary += String.fromCharCode(...bytes.subarray(index, index + chunk));
  }
  return btoa(binary);
}

function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Sets an own property, even one named `__proto__` (plain assignment would set the prototype). */
function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/**
 * Encodes an AI SDK prompt value as plain JSON: `Uint8Array` and `URL` (file data) become tagged
 * objects, so the value survives a store that keeps messages as JSON text. `undefined` object
 * properties are dropped (JSON cannot carry them).
 *
 * @internal
 */
export function toJsonSafe(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Uint8Array) return { [TAG]: 'bytes', value: bytesToBase64(value) };
  if (value instanceof URL) return { [TAG]: 'url', value: value.href };
  if (Array.isArray(value)) return value.map(toJsonSafe);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item !== undefined) setOwn(out, key, toJsonSafe(item));
  }
  // A plain object that happens to carry the tag is wrapped, so decoding never misreads it.
  return TAG in out ? { [TAG]: 'object', value: out } : out;
}

/**
 * Decodes what {@link toJsonSafe} wrote.
 *
 * @internal
 */
export function fromJsonSafe(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(fromJsonSafe);
  const record = value as Record<string, unknown>;
  const tag = record[TAG];
  if (tag === 'bytes' && typeof record.value === 'string') return base64ToBytes(record.value);
  if (tag === 'url' && typeof record.value === 'string') return new URL(record.value);
  const source = tag === 'object' && typeof record.value === 'object' && record.value !== null ? (record.value as Record<string, unknown>) : record;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(source)) setOwn(out, key, fromJsonSafe(item));
  return out;
}
