import { describe, expect, it } from "vitest";
import { bwrapArgs, containerArgs, NET_BLOCK_FD, NET_INFO_FD, preludeArgs, SANDBOX_WORKSPACE, type MountPlan, type SystemView } from "./sandbox-args";

const view: SystemView = {
  binds: ["/usr", "/etc"],
  symlinks: [["usr/bin", "/bin"]],
  maskFiles: ["/etc/shadow"],
  maskDirs: ["/etc/ssl/private"],
  runtimes: ["/root/.pyenv/versions/3.11.7"],
  path: "/root/.pyenv/versions/3.11.7/bin:/usr/bin",
};
const plan: MountPlan = {
  workspace: "/cache/runs/1/repo",
  output: "/cache/runs/1/out",
  readOnly: ["/cache/mirrors/m.git"],
  hidden: ["/srv/secrets", "/cache/mirrors/m.git/secret"],
  network: "none",
  view,
};
const limits = { memoryBytes: 1024, cpuSeconds: 60, maxProcesses: 64, fileSizeBytes: 2048, diskBytes: 4096, cpuCores: 1 };

/** The value following `flag` each time it occurs. */
const after = (args: string[], flag: string) => args.flatMap((a, i) => (a === flag ? [args[i + 1]] : []));

describe("bwrapArgs", () => {
  it("isolates the network; a namespace for setup waits on its network; the host's only when allowed", () => {
    expect(bwrapArgs(plan, "true")).toContain("--unshare-net");
    expect(bwrapArgs(plan, "true")).not.toContain("--block-fd");
    const namespaced = bwrapArgs({ ...plan, network: "namespace", resolvConf: { source: "/run/r.conf", target: "/etc/resolv.conf" } }, "true");
    expect(namespaced).toContain("--unshare-net");
    expect(after(namespaced, "--info-fd")).toEqual([String(NET_INFO_FD)]);
    expect(after(namespaced, "--block-fd")).toEqual([String(NET_BLOCK_FD)]);
    expect(after(namespaced, "--ro-bind")).toContain("/run/r.conf");
    expect(bwrapArgs({ ...plan, network: "host" }, "true")).not.toContain("--unshare-net");
  });

  it("shows the system directories and runtimes alone, masks /etc secrets, and leaves the way to a runtime unlistable", () => {
    const args = bwrapArgs(plan, "true");
    const roBinds = after(args, "--ro-bind");
    expect(roBinds).toEqual(expect.arrayContaining(["/usr", "/etc", "/root/.pyenv/versions/3.11.7", "/cache/mirrors/m.git"]));
    expect(roBinds).not.toContain("/");
    expect(after(args, "--symlink")).toEqual(["usr/bin"]);
    expect(args.join(" ")).toContain("--ro-bind /dev/null /etc/shadow");
    expect(after(args, "--tmpfs")).toEqual(expect.arrayContaining(["/etc/ssl/private", "/cache/mirrors/m.git/secret"]));
    expect(after(args, "--tmpfs")).not.toContain("/srv/secrets"); // absent anyway
    const dirs = after(args, "--dir");
    expect(dirs).toEqual(["/cache", "/root", "/cache/mirrors", "/root/.pyenv", "/root/.pyenv/versions"]);
    expect(after(args, "--perms")).toEqual(dirs.map(() => "0111"));
  });

  it("binds a host directory as /tmp when given one (counted in the disk quota), else a bounded tmpfs", () => {
    expect(bwrapArgs({ ...plan, tmp: "/cache/runs/1/tmp" }, "true").join(" ")).toContain("--bind /cache/runs/1/tmp /tmp");
    expect(bwrapArgs({ ...plan, tmpSizeBytes: 4096 }, "true").join(" ")).toContain("--size 4096 --tmpfs /tmp");
  });

  it("mounts the private /tmp before the binds that live under it, and the workspace last", () => {
    const args = bwrapArgs(plan, "make test");
    const tmp = args.indexOf("/tmp");
    expect(tmp).toBeGreaterThan(-1);
    expect(args.indexOf("/cache/mirrors/m.git")).toBeGreaterThan(tmp);
    expect(after(args, "--bind")).toEqual([plan.workspace, plan.output]);
    expect(args.indexOf("/root/.pyenv/versions/3.11.7")).toBeGreaterThan(tmp);
    expect(after(args, "--chdir")).toEqual([SANDBOX_WORKSPACE]);
    expect(after(args, "--cap-drop")).toEqual(["ALL"]);
    expect(args.slice(-4)).toEqual(["--", "/bin/sh", "-c", "make test"]);
  });
});

describe("preludeArgs", () => {
  const tools = { unshare: "/usr/bin/unshare", mount: "/usr/bin/mount" };
  const layers = { lower: "/cache/workspaces/k/repo", upper: "/cache/runs/1/upper", work: "/cache/runs/1/work" };
  const limits = { cpuSeconds: 240, fileSizeBytes: 1024 ** 3, memoryBytes: 2 * 1024 ** 3 };

  it("joins the cgroups and sets the rlimits in one shell, then execs the rest", () => {
    const args = preludeArgs({ procsFiles: ["/sys/fs/cgroup/pids/x/cgroup.procs"], limits, addressSpace: false });
    expect(args.slice(0, 2)).toEqual(["/bin/sh", "-c"]);
    expect(args.slice(3)).toEqual(["specpath-prelude", "/sys/fs/cgroup/pids/x/cgroup.procs", "--", "240", String(2 * 1024 ** 2), "-", "-"]);
    const withAs = preludeArgs({ procsFiles: [], limits, addressSpace: true });
    expect(withAs.slice(4)).toEqual(["--", "240", String(2 * 1024 ** 2), String(2 * 1024 ** 2), "-"]);
  });

  it("mounts the layers in a private mount namespace, then execs the rest in the mounted workspace", () => {
    const args = preludeArgs({ procsFiles: [], limits, addressSpace: false, overlay: { tools, layers, mountPoint: "/cache/runs/1/repo" } });
    expect(args.slice(0, 5)).toEqual(["/usr/bin/unshare", "--mount", "--propagation", "private", "--"]);
    expect(args.slice(-4)).toEqual([
      "overlay",
      "/usr/bin/mount",
      "lowerdir=/cache/workspaces/k/repo,upperdir=/cache/runs/1/upper,workdir=/cache/runs/1/work,redirect_dir=on",
      "/cache/runs/1/repo",
    ]);
    expect(args.find((a) => a.includes("exec"))).toMatch(/cd "\$4" && unset OLDPWD \|\| exit 125; shift 4/);
  });

  it("refuses a layer path that mount would split", () => {
    const overlay = (l: typeof layers) => ({ procsFiles: [], limits, addressSpace: false, overlay: { tools, layers: l, mountPoint: "/m" } });
    expect(() => preludeArgs(overlay({ ...layers, lower: "/cache,x/repo" }))).toThrow(/cannot be passed to mount/);
    expect(() => preludeArgs(overlay({ ...layers, upper: "/a:b" }))).toThrow(/cannot be passed to mount/);
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
