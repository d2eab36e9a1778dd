/**
 * Stands in for `@tensorflow/tfjs-backend-webgl` in face-api's no-bundle build: the candidate
 * app detects faces on the wasm backend only (DESIGN §5), so nothing is exported.
 */
export {};
