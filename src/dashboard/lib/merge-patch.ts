// JSON Merge Patch (RFC 7396) both ways, pure: the request-changes form edits a copy of the
// run's data and sends only the difference; its JSON view shows that difference and applies a
// typed one back onto the data. A merge patch replaces an array as a whole and deletes a key
// with null, so a removed invoice line sends the whole new `lines`, and a value set to null
// cannot be sent (it reads as "remove"): an optional field the form clears is removed instead.

export type TJsonObject = Record<string, unknown>;

export const isJsonObject = (value: unknown): value is TJsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Deep equality of JSON values (key order ignored). */
export function jsonEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (Array.isArray(left) && Array.isArray(right)) return left.length === right.length && left.every((item, index) => jsonEqual(item, right[index]));
  if (isJsonObject(left) && isJsonObject(right)) {
    const keys = Object.keys(left).filter((key) => left[key] !== undefined);
    const otherKeys = Object.keys(right).filter((key) => right[key] !== undefined);
    return keys.length === otherKeys.length && keys.every((key) => right[key] !== undefined && jsonEqual(left[key], right[key]));
  }
  return false;
}

/** RFC 7396 "MergePatch(Target, Patch)": the target is not changed, a new value is returned. */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isJsonObject(patch)) return patch;
  const result: TJsonObject = isJsonObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    // defineProperty: a "__proto__" key in typed JSON is a key, not the object's prototype.
    else Object.defineProperty(result, key, { value: applyMergePatch(Object.hasOwn(result, key) ? result[key] : undefined, value), writable: true, enumerable: true, configurable: true });
  }
  return result;
}

/**
 * The merge patch that turns `original` into `edited` (both objects): changed and added keys
 * with their new values (objects recursively, arrays whole), removed keys as null. Applying it
 * to `original` gives `edited`, except where `edited` holds a null, which a merge patch cannot
 * express: such keys are removed.
 */
export function mergePatchBetween(original: TJsonObject, edited: TJsonObject): TJsonObject {
  const patch: TJsonObject = {};
  for (const key of Object.keys(original)) {
    if (original[key] !== undefined && (edited[key] === undefined || edited[key] === null)) patch[key] = null;
  }
  for (const [key, value] of Object.entries(edited)) {
    if (value === undefined || value === null) continue;
    const before = original[key];
    if (isJsonObject(value) && isJsonObject(before)) {
      const nested = mergePatchBetween(before, value);
      if (Object.keys(nested).length > 0) patch[key] = nested;
    } else if (!jsonEqual(before, value)) {
      // A new object under a key that held no object is sent whole, without its nulls (a
      // merge patch would read them as deletions of keys that are not there anyway).
      patch[key] = isJsonObject(value) ? withoutNulls(value) : value;
    }
  }
  return patch;
}

function withoutNulls(value: TJsonObject): TJsonObject {
  const result: TJsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === null || item === undefined) continue;
    result[key] = isJsonObject(item) ? withoutNulls(item) : item;
  }
  return result;
}
