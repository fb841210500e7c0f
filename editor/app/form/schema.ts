/**
 * Reading the form's JSON Schema (zod's, draft-7, input side, with the `x-cesa-*` marks): which
 * branch of a union a value is written in, what a new value starts as, how a value is converted
 * when the editor writes it another way.
 */
import { isRecord } from '../../../src/lib/is-record';
import { DISCRIMINATOR_MARK, KIND_MARK, SLOT_MARK, type FormSchema, type Json } from '../../protocol/api';

export function isNode(value: unknown): value is FormSchema {
  return isRecord(value);
}

/** The options of a union (`anyOf` or `oneOf`), or none. */
export function branchesOf(node: FormSchema): FormSchema[] {
  const options = node.anyOf ?? node.oneOf;
  return Array.isArray(options) ? options.filter(isNode) : [];
}

export function propertiesOf(node: FormSchema): Record<string, FormSchema> {
  const properties = node.properties;
  if (!isNode(properties)) return {};
  return Object.fromEntries(Object.entries(properties).filter((entry): entry is [string, FormSchema] => isNode(entry[1])));
}

export function requiredOf(node: FormSchema): readonly string[] {
  return Array.isArray(node.required) ? node.required.filter((key): key is string => typeof key === 'string') : [];
}

export function itemsOf(node: FormSchema): FormSchema | undefined {
  return isNode(node.items) ? node.items : undefined;
}

export function kindOf(node: FormSchema): string | undefined {
  return typeof node[KIND_MARK] === 'string' ? node[KIND_MARK] : undefined;
}

export function slotOf(node: FormSchema): string | undefined {
  return typeof node[SLOT_MARK] === 'string' ? node[SLOT_MARK] : undefined;
}

export function discriminatorOf(node: FormSchema): string | undefined {
  return typeof node[DISCRIMINATOR_MARK] === 'string' ? node[DISCRIMINATOR_MARK] : undefined;
}

export function descriptionOf(node: FormSchema): string | undefined {
  return typeof node.description === 'string' && node.description !== '' ? node.description : undefined;
}

/** The node's JSON type (`object` for a node with properties but no type), or undefined for "anything". */
export function typeOf(node: FormSchema): string | undefined {
  if (typeof node.type === 'string') return node.type;
  if (Array.isArray(node.type)) return node.type.find((type): type is string => typeof type === 'string');
  if (isNode(node.properties)) return 'object';
  return undefined;
}

export function hasConst(node: FormSchema): boolean {
  return Object.hasOwn(node, 'const');
}

export function enumOf(node: FormSchema): Json[] | undefined {
  return Array.isArray(node.enum) ? (node.enum as Json[]) : undefined;
}

export function numberKeyword(node: FormSchema, keyword: 'minimum' | 'maximum' | 'exclusiveMinimum' | 'exclusiveMaximum'): number | undefined {
  const value = node[keyword];
  // zod writes ±Number.MAX_SAFE_INTEGER for "an integer": no bound anyone would type.
  return typeof value === 'number' && Math.abs(value) < Number.MAX_SAFE_INTEGER ? value : undefined;
}

/** Whether `value` is of the node's type (and is its const, when it has one). */
export function matchesType(node: FormSchema, value: Json): boolean {
  if (hasConst(node)) return value === node.const;
  switch (typeOf(node)) {
    case undefined:
      return true;
    case 'string':
      return typeof value === 'string';
    case 'number':
    case 'integer':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isRecord(value);
    case 'null':
      return value === null;
    default:
      return false;
  }
}

/**
 * The branch of a union that `value` is written in: by the discriminator's value (a section's
 * `type`), else the first branch of the value's type. Undefined when none fits (the field then
 * shows the value as it is, with the validator's error).
 */
export function matchBranch(node: FormSchema, value: Json): FormSchema | undefined {
  const branches = branchesOf(node);
  const key = discriminatorOf(node);
  if (key !== undefined) {
    if (!isRecord(value)) return undefined;
    return branches.find((branch) => propertiesOf(branch)[key]?.const === value[key]);
  }
  return branches.find((branch) => matchesType(branch, value));
}

/**
 * The branch shown for a union that has no value yet: text where text is possible (a path, a
 * paragraph, hours), else the first branch that is not a fixed value (a menu's `{ group }`, not `false`).
 */
export function branchForNothing(node: FormSchema): FormSchema | undefined {
  const branches = branchesOf(node);
  return branches.find((branch) => typeOf(branch) === 'string' && !hasConst(branch)) ?? branches.find((branch) => !hasConst(branch)) ?? branches[0];
}

/** The node a value is edited with: a union's branch for it, or the node itself. */
export function branchFor(node: FormSchema, value: Json | undefined): FormSchema | undefined {
  if (branchesOf(node).length === 0) return node;
  return value === undefined ? branchForNothing(node) : matchBranch(node, value);
}

/**
 * A union of text or a list of paragraphs (ParagraphsSchema): its text branch is `z.string()`,
 * without a minimum length, because blank lines separate paragraphs; a union of a line or a list
 * of lines (meta.keywords) has `minLength` on both. The text of the first is long (a textarea).
 */
export function isParagraphs(node: FormSchema): boolean {
  const branches = branchesOf(node);
  const text = branches.find((branch) => typeOf(branch) === 'string');
  const list = branches.find((branch) => typeOf(branch) === 'array');
  const items = list && itemsOf(list);
  return branches.length === 2 && text !== undefined && text.minLength === undefined && items !== undefined && typeOf(items) === 'string';
}

/** The smallest number the node accepts, or 0. */
function smallestNumber(node: FormSchema): number {
  const minimum = numberKeyword(node, 'minimum');
  const exclusive = numberKeyword(node, 'exclusiveMinimum');
  const maximum = numberKeyword(node, 'maximum');
  let number = minimum ?? (exclusive !== undefined ? Math.floor(exclusive) + 1 : 0);
  if (minimum === undefined && exclusive === undefined && maximum !== undefined && maximum < 0) number = maximum;
  return number;
}

/**
 * What a new value starts as: its required keys with "" / 0 / [] / the first choice / the fixed
 * value, a list that must not be empty with one such item. Close to valid, so the form shows the
 * fields to fill in, and the validator says what is still missing.
 */
export function smallestValue(node: FormSchema, depth = 0): Json {
  if (hasConst(node)) return node.const as Json;
  const choices = enumOf(node);
  if (choices && choices.length > 0) return choices[0]!;
  if (depth > 12) return null;
  const branches = branchesOf(node);
  if (branches.length > 0) {
    const branch = discriminatorOf(node) ? branches[0] : branchForNothing(node);
    return branch ? smallestValue(branch, depth + 1) : null;
  }
  switch (typeOf(node)) {
    case 'string':
      return '';
    case 'number':
    case 'integer':
      return smallestNumber(node);
    case 'boolean':
      return false;
    case 'array': {
      const items = itemsOf(node);
      const minimum = typeof node.minItems === 'number' ? node.minItems : 0;
      return items && minimum > 0 ? Array.from({ length: minimum }, () => smallestValue(items, depth + 1)) : [];
    }
    case 'object': {
      const properties = propertiesOf(node);
      return Object.fromEntries(
        requiredOf(node)
          .filter((key) => properties[key])
          .map((key) => [key, smallestValue(properties[key]!, depth + 1)]),
      );
    }
    case undefined:
    default:
      return null;
  }
}

/** The first text of an object (an image's `src`), for writing it as a plain path. */
function firstText(value: { [key: string]: Json }): string | undefined {
  if (typeof value.src === 'string') return value.src;
  return Object.values(value).find((item): item is string => typeof item === 'string');
}

/** The key a text goes into when it becomes an object (an image path becomes `{ src }`). */
function textKey(node: FormSchema): string | undefined {
  const properties = propertiesOf(node);
  if (properties.src) return 'src';
  return requiredOf(node).find((key) => properties[key] && typeOf(properties[key]) === 'string');
}

/**
 * `value` written as `branch` instead: text becomes a list (paragraphs split at blank lines, a
 * line at its commas) and back, a path becomes `{ src }` and back, "45 hours" becomes 45. What
 * cannot be converted starts afresh as the branch's smallest value.
 */
export function convertValue(value: Json | undefined, branch: FormSchema, long: boolean): Json {
  if (value === undefined) return smallestValue(branch);
  if (hasConst(branch)) return branch.const as Json;
  if (matchesType(branch, value)) return value;
  const fresh = smallestValue(branch);
  switch (typeOf(branch)) {
    case 'string':
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      if (Array.isArray(value)) return value.filter((item) => typeof item === 'string' || typeof item === 'number').join(long ? '\n\n' : ', ');
      if (isRecord(value)) return firstText(value) ?? '';
      return fresh;
    case 'array': {
      if (typeof value === 'number') return [String(value)];
      if (typeof value !== 'string') return fresh;
      const parts = long ? value.split(/\n\s*\n/) : value.split(',');
      return parts.map((part) => part.trim()).filter((part) => part !== '');
    }
    case 'object': {
      const key = textKey(branch);
      return typeof value === 'string' && key && isRecord(fresh) ? { ...fresh, [key]: value } : fresh;
    }
    case 'number':
    case 'integer': {
      const number = typeof value === 'string' ? Number.parseFloat(value) : Number.NaN;
      return Number.isFinite(number) ? number : fresh;
    }
    case undefined:
    default:
      return fresh;
  }
}
