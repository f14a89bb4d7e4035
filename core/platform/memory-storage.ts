import type { KeyValueStorage } from './types.js';

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
    const old = this.getItem(key);
    this.items.set(key, String(value));
    this.onChange?.(key, old, String(value));
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
