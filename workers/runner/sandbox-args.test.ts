import { describe, expect, it } from "vitest";
import { bwrapArgs, containerArgs, overlayArgs, SANDBOX_WORKSPACE, type MountPlan } from "./sandbox-args";

const plan: MountPlan = { workspace: "/cache/runs/1/repo", output: "/cache/runs/1/out", readOnly: ["/cache/mirrors/m.git"], hidden: ["/srv/secrets"], network: false };
const limits = { memoryBytes: 1024, cpuSeconds: 60, maxProcesses: 64, fileSizeBytes: 2048 };

/** The value following `flag` each time it occurs. */
const after = (args: string[], flag: string) => args.flatMap((a, i) => (a === flag ? [args[i + 1]] : []));

describe("bwrapArgs", () => {
  it("isolates the network unless setup asks for it", () => {
    expect(bwrapArgs(plan, "true")).toContain("--unshare-net");
    expect(bwrapArgs({ ...plan, network: true }, "true")).not.toContain("--unshare-net");
  });

  it("mounts the private /tmp before the binds that live under it, and the workspace last", () => {
    const args = bwrapArgs(plan, "make test");
    const tmp = args.indexOf("/tmp");
    expect(tmp).toBeGreaterThan(-1);
    expect(args.indexOf("/cache/mirrors/m.git")).toBeGreaterThan(tmp);
    expect(after(args, "--bind")).toEqual([plan.workspace, plan.output]);
    expect(after(args, "--chdir")).toEqual([SANDBOX_WORKSPACE]);
    expect(after(args, "--cap-drop")).toEqual(["ALL"]);
    expect(args.slice(-4)).toEqual(["--", "/bin/sh", "-c", "make test"]);
  });
});

describe("overlayArgs", () => {
  const tools = { unshare: "/usr/bin/unshare", mount: "/usr/bin/mount" };
  const layers = { lower: "/cache/workspaces/k/repo", upper: "/cache/runs/1/upper", work: "/cache/runs/1/work" };

  it("mounts the layers in a private mount namespace, then execs the rest in the mounted workspace", () => {
    const args = overlayArgs(tools, layers, "/cache/runs/1/repo");
    expect(args.slice(0, 5)).toEqual(["/usr/bin/unshare", "--mount", "--propagation", "private", "--"]);
    expect(args.slice(-3)).toEqual([
      "/usr/bin/mount",
      "lowerdir=/cache/workspaces/k/repo,upperdir=/cache/runs/1/upper,workdir=/cache/runs/1/work,redirect_dir=on",
      "/cache/runs/1/repo",
    ]);
    expect(args.find((a) => a.includes("exec"))).toMatch(/cd "\$3" && shift 3 && exec "\$@"/);
  });

  it("refuses a layer path that mount would split", () => {
    expect(() => overlayArgs(tools, { ...layers, lower: "/cache,x/repo" }, "/m")).toThrow(/cannot be passed to mount/);
    expect(() => overlayArgs(tools, { ...layers, upper: "/a:b" }, "/m")).toThrow(/cannot be passed to mount/);
  });
});

describe("containerArgs", () => {
  it("runs the image with no network, the limits, and the same mounts", () => {
    const args = containerArgs({ engine: "podman", image: "node:20", name: "specpath-x", env: { SPECPATH_REPORT: "/r" }, limits }, plan, "npm test");
    expect(after(args, "--network")).toEqual(["none"]);
    expect(after(args, "--memory")).toEqual(["1024"]);
    expect(after(args, "--pids-limit")).toEqual(["64"]);
    expect(after(args, "-v")).toEqual([
      `${plan.workspace}:${SANDBOX_WORKSPACE}:rw`,
      `${plan.output}:/tmp/specpath/output:rw`,
      "/cache/mirrors/m.git:/cache/mirrors/m.git:ro",
    ]);
    expect(after(args, "-e")).toEqual(["SPECPATH_REPORT=/r"]);
    expect(args.slice(-3)).toEqual(["node:20", "-c", "npm test"]);
  });
});
