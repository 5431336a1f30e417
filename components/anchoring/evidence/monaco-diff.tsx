"use client";
// Monaco is loaded only in the browser (next/dynamic, ssr: false), from the studio's own copy
// of its files, so the evidence page works without a CDN. Any failure falls back to the plain view.
import dynamic from "next/dynamic";
import { useEffect, useRef, useState } from "react";
import type { DiffOnMount } from "@monaco-editor/react";
import styles from "../anchoring.module.css";

let vsPath = "";
const LOAD_TIMEOUT_MS = 30_000;

const DiffEditor = dynamic(async () => (await import("@monaco-editor/react")).DiffEditor, {
  ssr: false,
  loading: () => <p className="muted">Loading the diff editor…</p>,
});

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

async function initMonaco(base: string): Promise<void> {
  const { loader } = await import("@monaco-editor/react");
  if (vsPath !== base) {
    vsPath = base;
    loader.config({ paths: { vs: base } });
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const monaco = await Promise.race([
      loader.init(),
      new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error("the editor did not load in time")), LOAD_TIMEOUT_MS); }),
    ]);
    withoutLanguageServices(monaco);
    handOverPreloadedWorker();
    mark("specpath:monaco-loaded");
  } finally {
    clearTimeout(timer);
  }
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
function mark(name: string): void {
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

type Editor = Parameters<DiffOnMount>[0];
type Monaco = Parameters<DiffOnMount>[1];

export function MonacoDiff({ monacoBase, original, modified, language, line, onSelection, onUnavailable }: Props) {
  const [state, setState] = useState<"loading" | "ready">("loading");
  const [diffReady, setDiffReady] = useState(false);
  const editorRef = useRef<{ editor: Editor; monaco: Monaco } | null>(null);
  const decorations = useRef<string[]>([]);

  useEffect(() => {
    let cancelled = false;
    initMonaco(monacoBase).then(
      () => !cancelled && setState("ready"),
      (error: unknown) => !cancelled && onUnavailable(`the diff editor could not be loaded (${error instanceof Error ? error.message : String(error)})`),
    );
    return () => { cancelled = true; };
  }, [monacoBase, onUnavailable]);

  useEffect(() => {
    const mounted = editorRef.current;
    if (!mounted || !line || !diffReady) return;
    reveal(mounted.editor, mounted.monaco, line, decorations);
  }, [line, diffReady]);

  const onMount: DiffOnMount = (editor, monaco) => {
    editorRef.current = { editor, monaco };
    const modifiedEditor = editor.getModifiedEditor();
    mark("specpath:diff-editor-mounted");
    const ready = () => {
      mark("specpath:diff-ready");
      setDiffReady(true);
    };
    editor.onDidUpdateDiff(ready);
    // A trivial diff (e.g. an added file) may be computed before this handler exists.
    if (editor.getLineChanges() !== null) ready();
    modifiedEditor.onDidChangeCursorSelection(({ selection }) => {
      const model = modifiedEditor.getModel();
      if (!model || selection.isEmpty()) return onSelection(null);
      onSelection({ startLine: selection.startLineNumber, endLine: selection.endLineNumber, text: model.getValueInRange(selection) });
    });
  };

  if (state === "loading") return <p className="muted">Loading the diff editor…</p>;
  return (
    <div className={styles.editor} data-testid="monaco-diff" data-diff-ready={diffReady}>
      <DiffEditor
        original={original}
        modified={modified}
        language={language}
        onMount={onMount}
        options={{ readOnly: true, originalEditable: false, renderSideBySide: true, automaticLayout: true, minimap: { enabled: false }, scrollBeyondLastLine: false }}
      />
    </div>
  );
}

function reveal(editor: Editor, monaco: Monaco, line: number, decorations: { current: string[] }) {
  const modifiedEditor = editor.getModifiedEditor();
  modifiedEditor.revealLineInCenter(line);
  modifiedEditor.setSelection(new monaco.Range(line, 1, line, 1));
  decorations.current = modifiedEditor.deltaDecorations(decorations.current, [
    { range: new monaco.Range(line, 1, line, 1), options: { isWholeLine: true, className: styles.target } },
  ]);
}
