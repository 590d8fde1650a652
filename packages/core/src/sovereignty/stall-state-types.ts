import type { LoopSignal } from '../options/index.js';
import type { SameCallReruns } from './same-call-reruns.js';

/** A run of calls answered with like outputs, each asking for the same place as the next. @internal */
export interface OutputGroup {
  terms: readonly string[];
  /** The numbers of the calls of the run so far (each must ask for the same place as the next). */
  places: (readonly number[])[];
  hash: string;
  toolName: string;
  /** The result each call of the run got (call hash → result hash): the same call answered otherwise is news. */
  answers: Map<string, string>;
  count: number;
  /** Position of the turn that last counted (a turn counts once). */
  at: number;
  lastId: string;
}

/** A chain of replies restating the same thing. @internal */
export interface Chain {
  /** Terms its replies said. */
  terms: Set<string>;
  /** The dialogue acts its replies performed: a reply performing only others does another thing. */
  acts: Set<string>;
  /** Some reply of it performed an act or named a value: it restates something, not courtesies. */
  carries: boolean;
  /** No reply joined to it took up a word the user had just said that no reply had (the user's turns moved nothing on: thanks, goodbyes). */
  quiet: boolean;
  hash: string;
  count: number;
  lastId: string;
}

/** What the window looked like before a change of state, kept until an observation tells whether the change made a difference. @internal */
export interface BeforeChange {
  outputs: (readonly string[])[];
  shortOutputs: Set<string>;
  chain: Chain | undefined;
  run: OutputGroup | undefined;
  reruns: SameCallReruns;
  learnt: boolean;
  best: LoopSignal | undefined;
  /** The outcome each call had last before the change (call hash → outcome). */
  outcomes: Map<string, string>;
  /** The change is made again: the same tool at the same place as the change before it (a tweak of the same line, an install retried), not a new attempt elsewhere. */
  again: boolean;
}
