import { isPlainObject } from './clean-params.js';
import { putOwn } from '../validate/own-field.js';

/**
 * How a cleaned value becomes text in a query string or form body: arrays repeat their key (`ids=1&ids=2`),
 * plain objects and arrays of objects travel as JSON, null and undefined are left out.
 */
function appendEntry(append: (key: string, value: string) => void, key: string, value: unknown): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value) {
      if (item === null || item === undefined) continue;
      append(key, Array.isArray(item) || isPlainObject(item) ? JSON.stringify(item) : String(item));
    }
    return;
  }
  append(key, isPlainObject(value) ? JSON.stringify(value) : String(value));
}

/** Adds cleaned params to a URLSearchParams (query strings and form-urlencoded bodies). */
export function appendSearchParams(target: URLSearchParams, params: Readonly<Record<string, unknown>>): URLSearchParams {
  const append = (key: string, value: string) => target.append(key, value);
  for (const [key, value] of Object.entries(params)) appendEntry(append, key, value);
  return target;
}

/** Builds a multipart body from cleaned params: Blobs and Files as parts, the rest as text fields. */
export function toFormData(params: Readonly<Record<string, unknown>>): FormData {
  const form = new FormData();
  const append = (key: string, value: string) => form.append(key, value);
  for (const [key, value] of Object.entries(params)) {
    if (value instanceof Blob) form.append(key, value);
    else if (Array.isArray(value) && value.some((item) => item instanceof Blob)) {
      for (const item of value) {
        if (item instanceof Blob) form.append(key, item);
        else appendEntry(append, key, item);
      }
    } else appendEntry(append, key, value);
  }
  return form;
}

function describe(value: unknown): unknown {
  if (value instanceof Blob) {
    const name = (value as Blob & { name?: unknown }).name;
    return { blob: value.size, type: value.type, name: typeof name === 'string' ? name : undefined };
  }
  if (Array.isArray(value)) return value.map(describe);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) putOwn(out, key, describe(value[key]));
    return out;
  }
  return value;
}

/** A stable text for params (object keys sorted; Blobs by size, type and name), for spotting duplicates. */
export function paramsKey(params: Readonly<Record<string, unknown>> | FormData | undefined): string {
  if (params === undefined) return '';
  if (params instanceof FormData) {
    const entries: unknown[] = [];
    params.forEach((value, key) => entries.push([key, describe(value)]));
    return JSON.stringify(entries);
  }
  return JSON.stringify(describe(params));
}
