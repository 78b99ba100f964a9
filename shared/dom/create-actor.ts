// XState's `createActor` alone, for `loadRuntime`'s dynamic import: importing 'xstate' itself
// dynamically keeps every export of XState in its shared chunk (1.7 KB more for every pop-up).
export { createActor } from 'xstate';
