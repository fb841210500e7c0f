/**
 * The last branch of an exhaustive switch over a union: `default: return assertNever(value)`.
 * It type-checks only when every member has its case, so a new member is a compile error where it
 * must be handled; at run time it throws, for a value whose type lied (data read from outside).
 */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value) ?? String(value)}`);
}
