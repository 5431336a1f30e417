// Pure: sha256 in plain JS (@noble/hashes), so the hash is the same in the browser, the
// workers and the CLI, and this folder stays free of node:crypto.
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { canonicalJson } from "./canonical";

export function sha256Hex(data: string | Uint8Array): string {
  return bytesToHex(sha256(typeof data === "string" ? utf8ToBytes(data) : data));
}

/** The package id: sha256 over the canonical JSON of its content. */
export function packageHash(content: unknown): string {
  return sha256Hex(canonicalJson(content));
}
