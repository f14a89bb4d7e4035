// Imports the built package by its public names, so a broken `exports` map fails CI.
import { describe, expect, it } from 'vitest';

describe('package exports', () => {
  it('exkit resolves to the built core', async () => {
    const core = await import('exkit');
    expect(core.compareVersions('2.8', '2.8.0')).toBe(0);
    expect(typeof core.memoryPlatform).toBe('function');
  });

  it('exkit/machines resolves to the built machines', async () => {
    const machines = await import('exkit/machines');
    expect(machines.buttonMachine.id).toBe('button');
    expect(machines.toMermaid(machines.buttonMachine)).toMatch(/^stateDiagram-v2/);
  });

  it('exkit/react resolves to the built hooks', async () => {
    const react = await import('exkit/react');
    expect(typeof react.useButton).toBe('function');
  });

  it('the built entry points are plain JavaScript under dist/', async () => {
    const url = import.meta.resolve('exkit');
    expect(url).toMatch(/\/dist\/core\/index\.js$/);
  });
});
