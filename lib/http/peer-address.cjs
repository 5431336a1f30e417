// Preloaded into the web server (`node --require lib/http/peer-address.cjs next start`, see
// scripts/start.ts). Next.js does not give route handlers the TCP peer of a request, and the
// X-Forwarded-For it passes on is whatever the client sent. This records the peer in the
// x-studio-peer-address header of every request, replacing any value a client sent, so
// lib/auth/sign-in-throttle.ts can trust X-Forwarded-For only from STUDIO_TRUSTED_PROXIES.
"use strict";
const http = require("node:http");

const HEADER = "x-studio-peer-address";
const emit = http.Server.prototype.emit;

http.Server.prototype.emit = function emitWithPeer(event, req) {
  if ((event === "request" || event === "upgrade") && req && req.headers) {
    req.headers[HEADER] = (req.socket && req.socket.remoteAddress) || "";
  }
  return emit.apply(this, arguments);
};
process.env.STUDIO_PEER_ADDRESS_RECORDED = "1";
