// Preloaded into the web server (NODE_OPTIONS="--require lib/http/peer-address.cjs", set by
// scripts/start.ts for the web server only; `next dev` passes NODE_OPTIONS on to the server
// process it forks). Next.js does not give route handlers the TCP peer of a request, and the
// X-Forwarded-For it passes on is whatever the client sent. This records the peer in the
// x-studio-peer-address header of every request, replacing any value a client sent, so
// lib/auth/sign-in-throttle.ts can trust X-Forwarded-For only from STUDIO_TRUSTED_PROXIES.
// The flag that says so is a global of this process, never an environment variable a
// child process could inherit without the patch.
"use strict";
const http = require("node:http");

const HEADER = "x-studio-peer-address";
const FLAG = Symbol.for("specpath.peerAddressRecorded");

if (!globalThis[FLAG]) {
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function emitWithPeer(event, req) {
    if ((event === "request" || event === "upgrade") && req && req.headers) {
      req.headers[HEADER] = (req.socket && req.socket.remoteAddress) || "";
    }
    return emit.apply(this, arguments);
  };
  globalThis[FLAG] = true;
}
