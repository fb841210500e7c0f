/**
 * A map of keys to values: an object that is not null and not an array. Narrows parsed data
 * (`Json`, `unknown`) before its keys are read.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
