import { invalidArgument } from '../validate/describe-value.js';
import type { KeyValueStorage } from './types.js';

/** The text Web Storage keeps for a value (its string form); a value without one is an InvalidArgumentError. */
function storedText(value: unknown): string {
  try {
    return String(value);
  } catch (cause) {
    throw invalidArgument('value', 'a value with a text form', value, 'storage.setItem', cause);
  }
}

/** An in-memory Web Storage; `onChange` sees every write so tabs can be told of each other's changes. */
export class MemoryStorage implements KeyValueStorage {
  private readonly items = new Map<string, string>();
  /** When set, writes throw as a full quota or a private-mode storage would. */
  failWrites: Error | undefined;

  constructor(private readonly onChange?: (key: string | null, oldValue: string | null, newValue: string | null) => void) {}

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  setItem(key: string, value: string): void {
    if (this.failWrites) throw this.failWrites;
    const text = storedText(value);
    const old = this.getItem(key);
    this.items.set(key, text);
    this.onChange?.(key, old, text);
  }

  removeItem(key: string): void {
    const old = this.getItem(key);
    if (old === null) return;
    this.items.delete(key);
    this.onChange?.(key, old, null);
  }

  keys(): string[] {
    return [...this.items.keys()];
  }

  clear(): void {
    this.items.clear();
    this.onChange?.(null, null, null);
  }
}
