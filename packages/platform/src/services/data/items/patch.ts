import { DATA_ERROR_CODES } from '@atrium/contract';
import type { FieldModification, FieldViolation } from '@atrium/contract/types';
import { invalidRequest } from '../errors.js';
import { parseFieldPath } from '../query/field-path.js';
import { describe } from '../query/filter.js';
import {
  isPlainObject,
  isWireDate,
  type JsonObject,
  type JsonValue,
  jsonEqual,
  normalizeValue,
} from '../values.js';

/**
 * Field modifications of patch and bulk patch (docs/wire.md §9.2): SET_FIELD, INCREMENT_FIELD,
 * APPEND_TO_ARRAY, REMOVE_FROM_ARRAY, REMOVE_FIELD on (possibly nested) field paths, applied in
 * order to one item's data. System fields are the platform's and cannot be patched.
 */
const SYSTEM = new Set(['_id', '_createdDate', '_updatedDate', '_owner']);

export function applyModifications(
  data: JsonObject,
  modifications: readonly FieldModification[],
  where: string,
): JsonObject {
  if (modifications.length === 0)
    throw invalid(`${where}.fieldModifications must name at least one modification.`);
  const result = structuredClone(data);
  modifications.forEach((modification, index) => {
    const at = `${where}.fieldModifications.${index}`;
    const path = parseFieldPath(modification.fieldPath, `${at}.fieldPath`).segments;
    if (SYSTEM.has(path[0]!))
      throw invalid(`${at}.fieldPath ${modification.fieldPath} is a system field; it cannot be patched.`);
    const parent = parentOf(
      result,
      path,
      at,
      modification.action !== 'REMOVE_FIELD' && modification.action !== 'REMOVE_FROM_ARRAY',
    );
    const key = path[path.length - 1]!;
    const current = parent?.[key];
    switch (modification.action) {
      case 'SET_FIELD':
        parent![key] = value(modification.setFieldOptions?.value ?? null, `${at}.setFieldOptions.value`);
        break;
      case 'REMOVE_FIELD':
        if (parent !== undefined) delete parent[key];
        break;
      case 'INCREMENT_FIELD': {
        const by = modification.incrementFieldOptions?.value;
        if (typeof by !== 'number' || !Number.isFinite(by)) {
          throw invalid(`${at}.incrementFieldOptions.value must be a number; got ${describe(by)}.`);
        }
        if (current !== undefined && current !== null && typeof current !== 'number') {
          throw invalid(
            `${at}: ${modification.fieldPath} holds ${describe(current)}; only numbers can be incremented.`,
          );
        }
        parent![key] = (typeof current === 'number' ? current : 0) + by;
        break;
      }
      case 'APPEND_TO_ARRAY': {
        const appended = value(
          modification.appendToArrayOptions?.value ?? null,
          `${at}.appendToArrayOptions.value`,
        );
        if (current === undefined || current === null) parent![key] = [appended];
        else if (Array.isArray(current)) current.push(appended);
        else throw invalid(`${at}: ${modification.fieldPath} holds ${describe(current)}, not an array.`);
        break;
      }
      case 'REMOVE_FROM_ARRAY': {
        const removed = value(
          modification.removeFromArrayOptions?.value ?? null,
          `${at}.removeFromArrayOptions.value`,
        );
        if (current === undefined || current === null) break;
        if (!Array.isArray(current))
          throw invalid(`${at}: ${modification.fieldPath} holds ${describe(current)}, not an array.`);
        parent![key] = current.filter((element) => !jsonEqual(element, removed));
        break;
      }
      default:
        throw invalid(
          `${at}.action must be SET_FIELD, REMOVE_FIELD, INCREMENT_FIELD, APPEND_TO_ARRAY or REMOVE_FROM_ARRAY; got ${describe(modification.action)}.`,
        );
    }
  });
  return result;
}

/** The object holding the path's last segment; created on the way when `create`. */
function parentOf(
  data: JsonObject,
  path: readonly string[],
  where: string,
  create: boolean,
): JsonObject | undefined {
  let current: JsonObject = data;
  for (const segment of path.slice(0, -1)) {
    const next: JsonValue | undefined = current[segment];
    if (next === undefined || next === null) {
      if (!create) return undefined;
      current[segment] = {};
    } else if (!isPlainObject(next) || isWireDate(next)) {
      throw invalid(`${where}.fieldPath: ${segment} holds ${describe(next)}, not an object.`);
    }
    current = current[segment] as JsonObject;
  }
  return current;
}

function value(raw: unknown, where: string): JsonValue {
  const violations: FieldViolation[] = [];
  const normalized = normalizeValue(raw, where, violations);
  if (violations.length > 0) throw invalid(`${violations[0]!.field} ${violations[0]!.description}.`);
  return normalized;
}

const invalid = (text: string) => invalidRequest(DATA_ERROR_CODES.invalidFieldModification, text);
