/**
 * The end of a switch over a closed set (an audio format, an operation, a task status): once every
 * member has its case, `value` is `never`, so a member added to the set fails the typecheck here
 * instead of falling through to some other member's handling. Throws if reached anyway (a value
 * from outside the types, e.g. a hand-edited store).
 */
export function assertNever(value: never): never {
  throw new Error(`Unhandled value: ${JSON.stringify(value)}`);
}
