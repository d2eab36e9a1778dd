/**
 * Stands in for `@tensorflow/tfjs-backend-webgl` in face-api's no-bundle build: the candidate
 * app detects faces on the wasm backend only, so nothing is exported.
 */
export {};
