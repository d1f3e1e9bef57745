/**
 * The checks of the TRAN area: stdio output validity, the streamable-HTTP transport's rules, 2024-11-05's HTTP+SSE,
 * and 2026-07-28's streamable HTTP (`modern-http/`).
 */
import type { CheckDefinition } from "../../engine/types.js";
import { clientUsesPost, getAccept, postAccept, postBodyBatchUniform, postBodySingle } from "./client-requests.js";
import { endedSession404 } from "./ended-session-404.js";
import { httpSseNotUsed } from "./http-sse-deprecated.js";
import { sseEndpointEvent, ssePostsToEndpoint } from "./legacy-sse.js";
import { checks as modernHttp } from "./modern-http/index.js";
import { newSessionAfter404 } from "./new-session-after-404.js";
import { responseEventually } from "./response-eventually.js";
import { getResponse, notificationPost202, requestPostContentType } from "./server-responses.js";
import {
  protocolVersionHeader,
  protocolVersionNegotiated,
  sessionIdEchoed,
  sessionIdVisibleAscii,
} from "./session-headers.js";
import { stdioNoClientResponses } from "./stdio-no-client-responses.js";
import { stdioClientInputValid, stdioServerOutputValid } from "./stdio-valid.js";
import { messagesUtf8 } from "./utf8.js";

export const checks: CheckDefinition[] = [
  messagesUtf8,
  stdioServerOutputValid,
  stdioClientInputValid,
  stdioNoClientResponses,
  clientUsesPost,
  postAccept,
  postBodySingle,
  postBodyBatchUniform,
  notificationPost202,
  requestPostContentType,
  responseEventually,
  getAccept,
  getResponse,
  sessionIdVisibleAscii,
  sessionIdEchoed,
  endedSession404,
  newSessionAfter404,
  protocolVersionHeader,
  protocolVersionNegotiated,
  sseEndpointEvent,
  ssePostsToEndpoint,
  httpSseNotUsed,
  ...modernHttp,
];
