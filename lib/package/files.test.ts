import { describe, expect, it } from "vitest";
import { parse as parseToml } from "smol-toml";
import { canonicalJson } from "./canonical";
import { filesToPackage, packageToFiles } from "./files";
import { harborTaskFiles, ZHarborTaskTomlSchema } from "./harbor";
import { packageHash, sha256Hex } from "./hash";
import { sweBenchInstances, ZSweBenchInstanceSchema } from "./swebench";
import { samplePackage } from "./test-fixtures";

const filesOf = (pkg = samplePackage()) => {
  const hash = packageHash(pkg);
  return { hash, files: new Map(packageToFiles(pkg, hash, []).map((f) => [f.path, f.content])) };
};

describe("canonical JSON and the package id", () => {
  it("follows RFC 8785: keys sorted by code unit, no whitespace, numbers in shortest form", () => {
    expect(canonicalJson({ b: 1, a: [1e21, 0.5, "é"], "\u20ac": null, A: true })).toBe('{"A":true,"a":[1e+21,0.5,"é"],"b":1,"€":null}');
  });
  it("is sha256 of the canonical text, whatever the key order", () => {
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(packageHash({ x: 1, y: 2 })).toBe(packageHash({ y: 2, x: 1 }));
  });
});

describe("native files", () => {
  it("give back the same content and hash", () => {
    const { hash, files } = filesOf();
    const back = filesToPackage(files);
    expect(back.hash).toBe(hash);
    expect(packageHash(back.content)).toBe(hash);
    expect(back.content).toEqual(samplePackage());
  });

  it("keep the hidden trace out of the visible history", () => {
    const { files } = filesOf();
    expect(files.get("histories/direct.md")).toBe("# Conversation history\n\n## Message 1\n\nDo A1 and A2.\n\n## Message 2\n\nAgain.\n");
    expect(files.get("histories/direct.json")).not.toContain("activated");
    expect(files.get("traces/direct.json")).toContain("activated");
  });

  it("refuse a changed file by name, and a file the MANIFEST does not list", () => {
    const { files } = filesOf();
    const gold = [...files.keys()].find((p) => p.startsWith("patches/") && p.includes("gold"))!;
    expect(() => filesToPackage(new Map(files).set(gold, `${files.get(gold)} `))).toThrow(`${gold} does not match its sha256`);
    expect(() => filesToPackage(new Map(files).set("extra.txt", "x"))).toThrow("extra.txt is not listed");
  });
});

describe("exports", () => {
  it("write one valid SWE-bench instance per history", () => {
    const pkg = samplePackage();
    const [instance] = sweBenchInstances(pkg, packageHash(pkg), { renderers: { junit: "// junit renderer", tap: "// tap renderer" } });
    // t2 passes on the base (base signature 01): PASS_TO_PASS, not FAIL_TO_PASS.
    expect(ZSweBenchInstanceSchema.parse(instance)).toMatchObject({
      instance_id: "sample-family-v1__direct", repo: "acme/sample", FAIL_TO_PASS: '["t1"]', PASS_TO_PASS: '["t2","t0"]',
      created_at: "2024-05-03T14:20:11.000Z", pull_number: 1, log_parser: "parse_log_tap", eval_type: "pass_and_fail",
    });
    expect(instance!.version).toMatch(/^[0-9a-f]{16}$/);
    expect(instance!.image).toBe(`specpath-env/acme__sample:${instance!.version}`);
    expect(instance!.eval_script).toContain("// junit renderer");
    expect(JSON.stringify(instance)).not.toContain("/tmp/repo");
  });

  it("refuse a package that names no upstream rather than writing its local path", () => {
    const pkg = samplePackage();
    delete pkg.provenance.upstream;
    expect(() => sweBenchInstances(pkg, packageHash(pkg), { renderers: { junit: "", tap: "" } })).toThrow(/no upstream repository/);
  });

  it("write a Harbor task.toml that Harbor's documented schema accepts", () => {
    const pkg = samplePackage();
    const files = harborTaskFiles(pkg, packageHash(pkg), "direct");
    const toml = ZHarborTaskTomlSchema.parse(parseToml(files.find((f) => f.path.endsWith("task.toml"))!.content));
    expect(toml).toMatchObject({ schema_version: "1.4", agent: { timeout_sec: 1200 }, verifier: { timeout_sec: 120, network_mode: "no-network" }, metadata: { condition: "direct", repo: "acme/sample" } });
    expect(files.map((f) => f.content).join("\n")).not.toContain("/tmp/repo");
    expect(() => harborTaskFiles(pkg, packageHash(pkg), "split")).toThrow(/no split history/);
  });
});
