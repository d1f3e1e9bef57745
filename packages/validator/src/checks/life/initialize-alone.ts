/**
 * life.initialize-not-batched (LIFE-023, 2025-03-26, the one revision with JSON-RPC batching): the initialize
 * request travels alone, since nothing else may happen before initialization completes.
 */
import { initializeRequestCheck } from "./initialize.js";

export const initializeNotBatched = initializeRequestCheck({
  id: "life.initialize-not-batched",
  description: "The initialize request travels alone, never in a JSON-RPC batch.",
  judge: (ref) =>
    ref.batchIndex === undefined
      ? undefined
      : `the initialize request travelled in a JSON-RPC batch (element ${ref.batchIndex})`,
});
