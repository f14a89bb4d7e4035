import { AUDIO_TIMEOUT_MS } from './constants.js';
import { SourceFailedError, SourceUnavailableError } from './errors.js';
import type { DomSource } from './types.js';
import { readRecord } from '../../validate/describe-value.js';

export interface AudioSourceOptions {
  /** Give up after this many ms. Default 5000 (spec §S9). */
  timeoutMs?: number;
}

type OfflineContextConstructor = new (channels: number, length: number, sampleRate: number) => OfflineAudioContext;

const SAMPLE_RATE = 44_100;
const LENGTH = 5000;
/** Only the tail is summed: by then the compressor has settled. */
const SUM_FROM = 4500;

function renderBuffer(context: OfflineAudioContext): Promise<AudioBuffer> {
  return new Promise<AudioBuffer>((resolve, reject) => {
    // Older Safari answers only through the complete event; newer engines through the promise.
    context.oncomplete = (event) => resolve(event.renderedBuffer);
    try {
      const rendering = context.startRendering() as Promise<AudioBuffer> | undefined;
      rendering?.then(resolve, reject);
    } catch (error) {
      reject(error);
    }
  });
}

/** A sum of samples of an oscillator sent through a dynamics compressor, rendered offline: it varies with the audio stack. */
export function audioSource(options: AudioSourceOptions = {}): DomSource {
  options = readRecord('options', options, 'audioSource');
  return {
    name: 'audio',
    needsDom: true,
    timeoutMs: options.timeoutMs ?? AUDIO_TIMEOUT_MS,
    async collect({ dom }) {
      const host = dom.window as unknown as {
        OfflineAudioContext?: OfflineContextConstructor;
        webkitOfflineAudioContext?: OfflineContextConstructor;
      };
      const Context = host.OfflineAudioContext ?? host.webkitOfflineAudioContext;
      if (!Context) throw new SourceUnavailableError('no OfflineAudioContext');
      const context = new Context(1, LENGTH, SAMPLE_RATE);
      const oscillator = context.createOscillator();
      oscillator.type = 'triangle';
      oscillator.frequency.value = 10_000;
      const compressor = context.createDynamicsCompressor();
      compressor.threshold.value = -50;
      compressor.knee.value = 40;
      compressor.ratio.value = 12;
      compressor.attack.value = 0;
      compressor.release.value = 0.25;
      oscillator.connect(compressor);
      compressor.connect(context.destination);
      oscillator.start(0);
      const buffer = await renderBuffer(context);
      const samples = buffer.getChannelData(0);
      let sum = 0;
      for (let i = SUM_FROM; i < samples.length; i++) sum += Math.abs(samples[i]!);
      if (!Number.isFinite(sum)) throw new SourceFailedError('the rendered samples are not finite');
      return sum;
    },
  };
}
