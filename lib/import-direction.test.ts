// Imports inside lib run one way (README, "Layout"): the folders of lib (and the subfolders of a
// folder that has them, such as lib/anchoring/imports) import each other in no loop of any length,
// and nothing in lib imports workers, app or components. Tests and their testing/ fixtures are exempt.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "..");
const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*["']([^"']+)["']/g;

function productionFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "testing" ? [] : productionFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every import of a production file under lib, as [importing file, imported path] relative to the root. */
function importsOfLib(): [string, string][] {
  return productionFiles(path.join(ROOT, "lib")).flatMap((file) => {
    const from = path.relative(ROOT, file);
    return [...fs.readFileSync(file, "utf8").matchAll(IMPORT)].flatMap(([, spec]) => {
      if (spec!.startsWith("@/")) return [[from, spec!.slice(2)] as [string, string]];
      if (spec!.startsWith(".")) return [[from, path.relative(ROOT, path.resolve(path.dirname(file), spec!))] as [string, string]];
      return [];
    });
  });
}

/** The room a file stands in: lib/<folder>, or lib/<folder>/<subfolder> for a file in a subfolder. */
const folderOf = (p: string) => {
  const parts = p.split("/");
  return parts.slice(0, parts.length > 3 ? 3 : 2).join("/");
};

/** The loops of a directed graph: its strongly connected components of more than one node (Tarjan). */
function loopsOf(graph: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>(), low = new Map<string, number>(), stack: string[] = [], onStack = new Set<string>(), loops: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next); low.set(v, next); next += 1; stack.push(v); onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do { w = stack.pop()!; onStack.delete(w); component.push(w); } while (w !== v);
      if (component.length > 1) loops.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return loops;
}

describe("import direction inside lib", () => {
  const imports = importsOfLib();

  it("reads lib's imports (the check is not vacuous)", () => {
    expect(imports.length).toBeGreaterThan(500);
  });

  it("never imports workers, app or components", () => {
    expect(imports.filter(([, to]) => /^(workers|app|components)\//.test(to))).toEqual([]);
  });

  it("has no loop between its folders", () => {
    const graph = new Map<string, Set<string>>();
    const why = new Map<string, string>();
    for (const [from, to] of imports) {
      const [a, b] = [folderOf(from), folderOf(to)];
      if (!to.startsWith("lib/") || a === b) continue;
      graph.set(a, (graph.get(a) ?? new Set()).add(b));
      why.set(`${a} -> ${b}`, `${from} imports ${to}`);
    }
    const loops = loopsOf(graph);
    // Each loop with the imports that tie it, so the failure says where to cut.
    expect(loops.map((loop) => [...why].filter(([edge]) => loop.includes(edge.split(" -> ")[0]!) && loop.includes(edge.split(" -> ")[1]!)).map(([, line]) => line))).toEqual([]);
  });

  it("finds a loop when there is one", () => {
    expect(loopsOf(new Map([["a", new Set(["b"])], ["b", new Set(["c"])], ["c", new Set(["a"])], ["d", new Set(["a"])]]))).toEqual([["a", "b", "c"]]);
  });
});
