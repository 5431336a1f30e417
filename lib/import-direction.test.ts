// Imports inside lib run one way (README, "Layout"): no two folders of lib import each other, and
// nothing in lib imports workers, app or components. Tests and their testing/ fixtures are exempt.
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

const folderOf = (p: string) => p.split("/")[1]!;

describe("import direction inside lib", () => {
  const imports = importsOfLib();

  it("reads lib's imports (the check is not vacuous)", () => {
    expect(imports.length).toBeGreaterThan(500);
  });

  it("never imports workers, app or components", () => {
    expect(imports.filter(([, to]) => /^(workers|app|components)\//.test(to))).toEqual([]);
  });

  it("has no two folders importing each other", () => {
    const edges = new Map<string, string[]>();
    for (const [from, to] of imports) {
      if (!to.startsWith("lib/") || folderOf(from) === folderOf(to)) continue;
      const key = `${folderOf(from)} -> ${folderOf(to)}`;
      edges.set(key, [...(edges.get(key) ?? []), `${from} imports ${to}`]);
    }
    const both = [...edges.keys()].filter((key) => {
      const [a, b] = key.split(" -> ");
      return a! < b! && edges.has(`${b} -> ${a}`);
    });
    expect(both.map((key) => {
      const [a, b] = key.split(" -> ");
      return [...edges.get(key)!, ...edges.get(`${b} -> ${a}`)!];
    })).toEqual([]);
  });
});
