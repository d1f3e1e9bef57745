/** `checkTraces`'s default worker thread: answers the requests its pool hands it with `checkTrace`. */
import { parentPort } from "node:worker_threads";
import { answerCheckRequests } from "./pool.js";

if (!parentPort) throw new Error("the check worker must run in a worker thread");
answerCheckRequests(parentPort);
