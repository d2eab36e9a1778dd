/**
 * Stands in for `@tensorflow/tfjs` in face-api's no-bundle build (see vite.config.ts): the
 * core API, the model converter and the cpu backend, all on the one tfjs-core instance.
 */
import '@tensorflow/tfjs-backend-cpu';
// The full tfjs bundle registers the chained tensor methods (`tensor.as4D()`…) face-api calls.
import '@tensorflow/tfjs-core/dist/public/chained_ops/register_all_chained_ops';

export * from '@tensorflow/tfjs-core';
export * from '@tensorflow/tfjs-converter';
