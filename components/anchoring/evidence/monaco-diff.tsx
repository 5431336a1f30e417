"use client";
// Monaco is loaded only in the browser, from the studio's own copy of its files (AMD, as Monaco's
// min build ships), so the evidence page works without a CDN. Any failure falls back to the plain
// view. Monaco's diff editor is driven directly — no @monaco-editor/react chunk to fetch and run
// first — and a file's two models exist only while that file is shown (issue 24).
import { useEffect, useRef, useState } from "react";
import type * as MonacoApi from "monaco-editor";
import styles from "../anchoring.module.css";
import { takeBootedMonaco, takeBootedWorker } from "./evidence-boot";

type Monaco = typeof MonacoApi;
type DiffEditor = MonacoApi.editor.IStandaloneDiffEditor;
const LOAD_TIMEOUT_MS = 30_000;

/**
 * Starts loading Monaco before a file is chosen, so the editor's load overlaps the API calls;
 * with `editorWorker` (the worker script's URL), the diff worker boots meanwhile too.
 */
export function preloadMonaco(base: string, editorWorker: string | null = null): void {
  if (editorWorker) preloadEditorWorker(editorWorker);
  initMonaco(base).catch(() => undefined); // the viewer reports a failure when it needs the editor
}

let preloadedWorker: Worker | null = null;
let preloadStarted = false;

/**
 * The diff is computed in Monaco's editor worker, which Monaco starts only when the
 * first diff editor asks (after its ~MB of main-thread code has run). Started here, the
 * worker loads and parses its script in parallel; Monaco is handed this worker then
 * (handOverPreloadedWorker). The same bootstrap Monaco's own build uses: importScripts,
 * then a ready message its client does not need.
 */
function preloadEditorWorker(url: string): void {
  if (preloadStarted || typeof Worker === "undefined") return;
  preloadStarted = true;
  // Started by the page's boot script while the shell was parsed (evidence-boot.ts), if it ran.
  preloadedWorker = takeBootedWorker();
  if (preloadedWorker) return;
  try {
    const absolute = new URL(url, document.baseURI).href;
    const source = `importScripts(${JSON.stringify(absolute)});globalThis.postMessage({ type: 'vscode-worker-ready' });`;
    const blob = URL.createObjectURL(new Blob([source], { type: "application/javascript" }));
    preloadedWorker = new Worker(blob, { name: "editorWorkerService" });
  } catch {
    preloadedWorker = null; // Monaco starts its own
  }
}

/** Labels of Monaco's language workers; every other label is the editor worker. */
const LANGUAGE_WORKERS = new Set(["json", "css", "scss", "less", "html", "handlebars", "razor", "typescript", "javascript"]);

type MonacoEnvironment = { getWorker?: (moduleId: string, label: string) => Worker | Promise<Worker> };

function handOverPreloadedWorker(): void {
  const holder = globalThis as unknown as { MonacoEnvironment?: MonacoEnvironment };
  const environment = holder.MonacoEnvironment;
  const original = environment?.getWorker;
  if (!environment || !original || (original as { preloading?: true }).preloading) return;
  const getWorker = (moduleId: string, label: string) => {
    if (preloadedWorker && !LANGUAGE_WORKERS.has(label)) {
      const worker = preloadedWorker;
      preloadedWorker = null;
      return worker;
    }
    return original.call(environment, moduleId, label);
  };
  environment.getWorker = Object.assign(getWorker, { preloading: true as const });
}

type AmdRequire = ((deps: string[], onLoad: (...modules: unknown[]) => void, onError: (error: unknown) => void) => void) & { config(config: unknown): void };
type MonacoWindow = { monaco?: Monaco; require?: AmdRequire };

let loading: { base: string; promise: Promise<Monaco> } | null = null;
let loaded: { base: string; monaco: Monaco } | null = null;

/** Monaco from `base` if it has loaded already: a viewer shown then makes its editor in its first commit, not after a re-render. */
function loadedMonaco(base: string): Monaco | null {
  return loaded?.base === base ? loaded.monaco : null;
}

/** Monaco's AMD loader (vs/loader.js), then vs/editor/editor.main — once per page, whoever asks first (the preload, or a viewer). */
function initMonaco(base: string): Promise<Monaco> {
  if (loading?.base === base) return loading.promise;
  const promise = (async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const monaco = await Promise.race([
        loadAmd(base),
        new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error("the editor did not load in time")), LOAD_TIMEOUT_MS); }),
      ]);
      withoutLanguageServices(monaco);
      handOverPreloadedWorker();
      mark("specpath:monaco-loaded");
      loaded = { base, monaco };
      return monaco;
    } finally {
      clearTimeout(timer);
    }
  })();
  loading = { base, promise };
  promise.catch(() => {
    if (loading?.promise === promise) loading = null; // a later viewer may try again
  });
  return promise;
}

function loadAmd(base: string): Promise<Monaco> {
  const w = window as unknown as MonacoWindow;
  // Another editor of this page (the verifier's, the histories') may have loaded it already.
  if (w.monaco?.editor) return Promise.resolve(w.monaco);
  // The evidence page's boot script started loading it while the shell was parsed (evidence-boot.ts).
  const booted = takeBootedMonaco(base);
  if (booted) {
    return booted.then((main) => {
      const monaco = (main as Monaco | undefined)?.editor ? (main as Monaco) : w.monaco;
      if (!monaco?.editor) throw new Error("Monaco's editor did not load");
      return monaco;
    });
  }
  return new Promise<Monaco>((resolve, reject) => {
    const start = () => {
      const amd = w.require;
      if (typeof amd?.config !== "function") return reject(new Error("Monaco's loader did not start"));
      amd.config({ paths: { vs: base } });
      amd(["vs/editor/editor.main"], (main) => {
        const monaco = (main as Monaco | undefined)?.editor ? (main as Monaco) : w.monaco;
        if (monaco?.editor) resolve(monaco);
        else reject(new Error("Monaco's editor did not load"));
      }, (error) => reject(error instanceof Error ? error : new Error(String(error))));
    };
    if (typeof w.require?.config === "function") return start();
    const script = document.createElement("script");
    script.src = `${base}/loader.js`;
    script.onload = start;
    script.onerror = () => reject(new Error("Monaco's loader could not be fetched"));
    document.body.appendChild(script);
  });
}

type LanguageDefaults = { setModeConfiguration(config: Record<string, boolean>): void };
const NO_LANGUAGE_SERVICE = {
  completionItems: false, hovers: false, documentSymbols: false, definitions: false, references: false, documentHighlights: false, rename: false,
  diagnostics: false, documentRangeFormattingEdits: false, signatureHelp: false, onTypeFormattingEdits: false, codeActions: false, inlayHints: false,
  colors: false, foldingRanges: false, selectionRanges: false, documentFormattingEdits: false, tokens: false, links: false,
};

/**
 * A read-only diff needs colours (Monaco's tokenizers) but no language service:
 * without this, opening a TypeScript file starts the TypeScript worker (megabytes of
 * compiler parsed on a second thread) while the diff is being computed (issue 24).
 */
function withoutLanguageServices(monaco: unknown): void {
  const m = monaco as { typescript?: Record<string, LanguageDefaults>; json?: Record<string, LanguageDefaults>; css?: Record<string, LanguageDefaults>; html?: Record<string, LanguageDefaults>; languages?: { typescript?: Record<string, LanguageDefaults> } };
  const ts = m.typescript ?? m.languages?.typescript;
  const all = [ts?.typescriptDefaults, ts?.javascriptDefaults, m.json?.jsonDefaults, m.css?.cssDefaults, m.css?.scssDefaults, m.css?.lessDefaults, m.html?.htmlDefaults];
  for (const defaults of all) {
    try {
      defaults?.setModeConfiguration?.(NO_LANGUAGE_SERVICE);
    } catch {
      // an older Monaco without this language: nothing to turn off
    }
  }
}

/** A User Timing mark (the evidence-view bench reads them to say where the time went); first one of a name per page load. */
export function mark(name: string): void {
  if (typeof performance !== "undefined" && performance.getEntriesByName(name).length === 0) performance.mark(name);
}

export type EditorSelection = { startLine: number; endLine: number; text: string };

type Props = {
  monacoBase: string;
  original: string;
  modified: string;
  language: string;
  /** A line of the merged file to scroll to and mark. */
  line: number | null;
  onSelection: (selection: EditorSelection | null) => void;
  onUnavailable: (reason: string) => void;
};

/**
 * A read-only side-by-side view: what reading a diff needs, without the editor features that
 * cost the first diff its time (issue 24) — folding and sticky scroll (their models are computed
 * over the whole file), occurrence and selection highlights, links.
 */
const OPTIONS: MonacoApi.editor.IStandaloneDiffEditorConstructionOptions = {
  readOnly: true, originalEditable: false, renderSideBySide: true, automaticLayout: true, minimap: { enabled: false }, scrollBeyondLastLine: false,
  folding: false, stickyScroll: { enabled: false }, occurrencesHighlight: "off", selectionHighlight: false, links: false, renderValidationDecorations: "off",
};

/**
 * Files of up to this many lines on both sides get their diff without Monaco's 5 s time limit: the
 * limit is checked with Date.now() for every cell of the line-level comparison, which made that
 * check the largest cost of a small file's first diff (bench anchoring); above it the limit stays,
 * so a huge file still gets an answer in time.
 */
const UNLIMITED_DIFF_LINES = 3000;

function diffOptionsFor(original: string, modified: string): MonacoApi.editor.IDiffEditorOptions {
  const lines = (text: string) => {
    let count = 1;
    for (let at = text.indexOf("\n"); at !== -1 && count <= UNLIMITED_DIFF_LINES; at = text.indexOf("\n", at + 1)) count++;
    return count;
  };
  return lines(original) <= UNLIMITED_DIFF_LINES && lines(modified) <= UNLIMITED_DIFF_LINES ? { maxComputationTime: 0 } : {};
}

export function MonacoDiff({ monacoBase, original, modified, language, line, onSelection, onUnavailable }: Props) {
  const [monaco, setMonaco] = useState<Monaco | null>(() => loadedMonaco(monacoBase));
  const [diffReady, setDiffReady] = useState(false);
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<{ editor: DiffEditor; monaco: Monaco } | null>(null);
  const decorations = useRef<string[]>([]);
  const selectionHandler = useRef(onSelection);
  selectionHandler.current = onSelection;

  useEffect(() => {
    let cancelled = false;
    const ready = loadedMonaco(monacoBase);
    if (ready) return setMonaco(ready); // the same value as the first state: no re-render
    initMonaco(monacoBase).then(
      (loaded) => !cancelled && setMonaco(loaded),
      (error: unknown) => !cancelled && onUnavailable(`the diff editor could not be loaded (${error instanceof Error ? error.message : String(error)})`),
    );
    return () => { cancelled = true; };
  }, [monacoBase, onUnavailable]);

  // The editor and this file's two models: made when the file is shown, disposed when it is left.
  useEffect(() => {
    const element = host.current;
    if (!monaco || !element) return;
    mark("specpath:diff-editor-create");
    const editor = monaco.editor.createDiffEditor(element, { ...OPTIONS, ...diffOptionsFor(original, modified) });
    mark("specpath:diff-editor-created");
    const models = { original: monaco.editor.createModel(original, language), modified: monaco.editor.createModel(modified, language) };
    mark("specpath:models-created");
    const ready = () => {
      mark("specpath:diff-ready");
      // The frame after the diff's decorations are in: the first diff painted (bench anchoring).
      requestAnimationFrame(() => setTimeout(() => mark("specpath:diff-painted"), 0));
      setDiffReady(true);
    };
    const modifiedEditor = editor.getModifiedEditor();
    const subscriptions = [
      editor.onDidUpdateDiff(ready),
      modifiedEditor.onDidChangeCursorSelection(({ selection }) => {
        const model = modifiedEditor.getModel();
        if (!model || selection.isEmpty()) return selectionHandler.current(null);
        selectionHandler.current({ startLine: selection.startLineNumber, endLine: selection.endLineNumber, text: model.getValueInRange(selection) });
      }),
    ];
    editor.setModel(models);
    mark("specpath:diff-editor-mounted");
    // A trivial diff (e.g. an added file) may be computed before the handler sees an update.
    if (editor.getLineChanges() !== null) ready();
    editorRef.current = { editor, monaco };
    return () => {
      editorRef.current = null;
      decorations.current = [];
      setDiffReady(false);
      for (const subscription of subscriptions) subscription.dispose();
      editor.dispose();
      models.original.dispose();
      models.modified.dispose();
    };
  }, [monaco, original, modified, language]);

  useEffect(() => {
    const mounted = editorRef.current;
    if (!mounted || !line || !diffReady) return;
    reveal(mounted.editor, mounted.monaco, line, decorations);
  }, [line, diffReady]);

  return (
    <div className={styles.editor} data-testid="monaco-diff" data-diff-ready={diffReady}>
      {!monaco && <p className="muted">Loading the diff editor…</p>}
      <div ref={host} style={{ height: "100%", width: "100%", display: monaco ? "block" : "none" }} />
    </div>
  );
}

function reveal(editor: DiffEditor, monaco: Monaco, line: number, decorations: { current: string[] }) {
  const modifiedEditor = editor.getModifiedEditor();
  modifiedEditor.revealLineInCenter(line);
  modifiedEditor.setSelection(new monaco.Range(line, 1, line, 1));
  decorations.current = modifiedEditor.deltaDecorations(decorations.current, [
    { range: new monaco.Range(line, 1, line, 1), options: { isWholeLine: true, className: styles.target } },
  ]);
}
