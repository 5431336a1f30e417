import { describe, expect, it } from "vitest";
import { defineEnvironment, environmentFolderFiles, environmentImage, environmentVersion, pythonOfCommand } from "./environment";

const runtime = { node: "20.20.2", python: "3.11.7", pytest: "9.0.3" };

describe("the family's one environment", () => {
  it("is the same definition, and the same version, for every family version on the same verifier and runtime", () => {
    const v1 = defineEnvironment({ setupCommand: "npm ci", testCommand: "node --test", image: null }, runtime);
    const v2 = defineEnvironment({ setupCommand: "npm ci", testCommand: "node --test", image: null }, runtime);
    expect(environmentVersion(v2)).toBe(environmentVersion(v1));
    expect(environmentVersion(defineEnvironment({ setupCommand: "npm ci --ignore-scripts", testCommand: "node --test", image: null }, runtime))).not.toBe(environmentVersion(v1));
    expect(environmentVersion(defineEnvironment({ setupCommand: "npm ci", testCommand: "node --test", image: null }, { ...runtime, node: "22.1.0" }))).not.toBe(environmentVersion(v1));
    expect(environmentImage("psf/requests", v1)).toBe(`specpath-env/psf__requests:${environmentVersion(v1)}`);
  });

  it("records a pytest family's Python and pytest from the sandbox runtime, and its official base image", () => {
    const env = defineEnvironment({ setupCommand: null, testCommand: "/usr/local/bin/python3 -m pytest -q tests", image: null }, runtime);
    expect(env).toMatchObject({ language: "python", baseImage: "python:3.11-slim-bookworm", runtimes: { python: "3.11.7", node: "20.20.2" }, pythonPackages: ["pytest==9.0.3"], setupScript: null, verifierNetwork: "none" });
    expect(pythonOfCommand("PYTHONDONTWRITEBYTECODE=1 /opt/py/bin/python3.12 -m pytest")).toBe("/opt/py/bin/python3.12");
    expect(pythonOfCommand("python3 run_tests.py")).toBe("python3");
  });

  it("keeps a multi-line setup as a script and builds in one order: packages, the base snapshot, then setup", () => {
    const setup = "npm ci --no-audit\nnpm run build\r\n\n";
    const env = defineEnvironment({ setupCommand: setup, testCommand: "node --test", image: null }, runtime);
    expect(env.setupScript).toBe("npm ci --no-audit\nnpm run build\n");
    const files = new Map(environmentFolderFiles(env, "a".repeat(40)).map((f) => [f.path, f.content]));
    expect([...files.keys()].sort()).toEqual(["Dockerfile", "environment.json", "prepare.sh", "setup.sh"]);
    expect(files.get("setup.sh")).toBe("#!/usr/bin/env bash\nset -euo pipefail\nnpm ci --no-audit\nnpm run build\n");
    const dockerfile = files.get("Dockerfile")!;
    expect(dockerfile).not.toMatch(/RUN npm ci/);
    expect(dockerfile.indexOf("apt-get install")).toBeLessThan(dockerfile.indexOf("COPY prepare.sh repo.tar setup.sh"));
    const prepare = files.get("prepare.sh")!;
    expect(prepare.indexOf('tar -xf "$HERE/repo.tar"')).toBeLessThan(prepare.indexOf('bash "$HERE/setup.sh"'));
    expect([...files.values()].join("\n")).not.toMatch(/hidden_tests|\.patch|git apply/);
  });
});
