import type { Platform } from '../../platform/types.js';
import { defaultSources, validateFingerprintOptions } from './fingerprint-options.js';
import type { FingerprintOptions } from './fingerprint-options.js';
import { runSource } from './run-source.js';
import type { Fingerprint, FingerprintSource, ScreenFrame, SourceReport } from './types.js';
import { readRecord } from '../../validate/describe-value.js';

/** Runs every source concurrently and gathers the components of those that succeeded. */
export async function collectFrom(platform: Platform, sources: readonly FingerprintSource[]): Promise<Fingerprint> {
  const outcomes = await Promise.all(sources.map((source) => runSource(platform, source)));
  const components: Record<string, unknown> = {};
  const reports: Record<string, SourceReport> = {};
  const contributed: string[] = [];
  sources.forEach((source, i) => {
    const outcome = outcomes[i]!;
    reports[source.name] = outcome.report;
    if (outcome.report.status === 'ok') {
      components[source.name] = outcome.value;
      contributed.push(source.name);
    }
  });
  return { components, sources: reports, contributed };
}

/** The sources a collection runs: the caller's, or the defaults configured from the options. */
export function sourcesFor(options: FingerprintOptions, lastFrame?: () => ScreenFrame | undefined): readonly FingerprintSource[] {
  validateFingerprintOptions(options);
  return options.sources ?? defaultSources(options, lastFrame);
}

/** Collects a fingerprint once; a source that fails, times out or has no DOM is reported, never thrown. */
export async function collectFingerprint(platform: Platform, options: FingerprintOptions = {}): Promise<Fingerprint> {
  options = readRecord('options', options, 'collectFingerprint');
  return collectFrom(platform, sourcesFor(options));
}
