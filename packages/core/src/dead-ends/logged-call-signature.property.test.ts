import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { callSignature } from './call-signature.js';
import { loggedCallSignature } from './logged-call-signature.js';

describe('loggedCallSignature', () => {
  test.prop([fc.constantFrom('run', 'edit_file', 'search'), fc.oneof(fc.jsonValue(), fc.json()), fc.constantFrom('run', 'read_file')])(
    'is what callSignature gives, for the same arguments under any tool name, asked once or again',
    (name, args, otherName) => {
      const first = loggedCallSignature(name, args);
      expect(first).toEqual(callSignature(name, args));
      expect(loggedCallSignature(otherName, args)).toEqual(callSignature(otherName, args));
      expect(loggedCallSignature(name, args)).toEqual(first);
      if (typeof args === 'object' && args !== null) expect(loggedCallSignature(name, args)).toBe(first);
    },
  );
});
