// The evidence page's boot script (issue 24: first diff interactive within a second). The page is a
// prerendered shell; this script runs while the browser parses it, before React's chunks have run,
// and starts the three things the first diff waits on that need no React: the request for the
// evidence with the first file's texts (GET …/evidence?open=<?file= or "">), Monaco's editor
// worker (its script loaded and parsed on its own thread), and Monaco itself (its AMD loader, then
// vs/editor/editor.main). The view takes each once (takeBootedEvidence by URL, takeBootedWorker,
// takeBootedMonaco by base); without them (a client-side navigation, where React does not run a
// rendered script) it asks as before.

const BOOT_GLOBAL = "__specpathEvidenceBoot";
type TBoot = { url?: string; response?: Promise<Response>; worker?: Worker | null; monacoBase?: string; monaco?: Promise<unknown> };

/** The one URL of the evidence with its first file opened: the boot script builds it the same way. */
export function evidenceOpenUrl(familyId: string, file: string | null): string {
  return `${evidencePrefix(familyId)}${encodeURIComponent(file ?? "")}`;
}

const evidencePrefix = (familyId: string) => `/api/families/${encodeURIComponent(familyId)}/evidence?open=`;

/** JSON as a JavaScript literal that cannot close the inline <script> it stands in. */
const literal = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The inline script's source. The worker bootstrap is the one Monaco's own build uses
 * (importScripts, then a ready message its client does not need).
 */
export function evidenceBootScript(familyId: string, monacoBase: string, editorWorker: string | null): string {
  const base = literal(monacoBase);
  return `(function(){var b=window.${BOOT_GLOBAL}={};` +
    `try{var f=new URLSearchParams(location.search).get("file");b.url=${literal(evidencePrefix(familyId))}+encodeURIComponent(f||"");` +
    `b.response=fetch(b.url);b.response.catch(function(){});}catch(e){}` +
    (editorWorker
      ? `try{if(typeof Worker!=="undefined"){var s="importScripts("+JSON.stringify(new URL(${literal(editorWorker)},document.baseURI).href)+");globalThis.postMessage({ type: 'vscode-worker-ready' });";` +
        `b.worker=new Worker(URL.createObjectURL(new Blob([s],{type:"application/javascript"})),{name:"editorWorkerService"});}}catch(e){b.worker=null;}`
      : "") +
    // Monaco's loader as monaco-diff.tsx's loadAmd uses it; the module's value or the global it sets.
    `try{if(!(window.require&&window.require.config)){b.monacoBase=${base};b.monaco=new Promise(function(ok,no){var l=document.createElement("script");l.src=${base}+"/loader.js";` +
    `l.onload=function(){try{var r=window.require;r.config({paths:{vs:${base}}});r(["vs/editor/editor.main"],function(m){ok(m&&m.editor?m:window.monaco);},no);}catch(e){no(e);}};` +
    `l.onerror=function(){no(new Error("Monaco's loader could not be fetched"));};document.head.appendChild(l);});b.monaco.catch(function(){});}}catch(e){}` +
    `})();`;
}

const boot = (): TBoot | undefined => (typeof window === "undefined" ? undefined : (window as unknown as Record<string, TBoot | undefined>)[BOOT_GLOBAL]);

/** The boot script's response for `url`, once; null if it made none for that URL (or it was taken). */
export function takeBootedEvidence(url: string): Promise<Response> | null {
  const b = boot();
  if (!b?.response || b.url !== url) return null;
  const response = b.response;
  b.response = undefined;
  return response;
}

/** The editor worker the boot script started, once; null if none. */
export function takeBootedWorker(): Worker | null {
  const b = boot();
  const worker = b?.worker ?? null;
  if (b) b.worker = null;
  return worker;
}

/** Monaco as the boot script is loading it from `base`, once; null if it is not. */
export function takeBootedMonaco(base: string): Promise<unknown> | null {
  const b = boot();
  if (!b?.monaco || b.monacoBase !== base) return null;
  const monaco = b.monaco;
  b.monaco = undefined;
  return monaco;
}
