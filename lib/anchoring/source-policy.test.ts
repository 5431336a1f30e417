import { describe, expect, it } from "vitest";
import { isInternalAddress, isUnderRoot, judgeSource, sourceTarget, type TSourcePolicy } from "./source-policy";

const policy: TSourcePolicy = { roots: ["/data/demo-repos", "/srv/git"], allowedHosts: ["git.internal"] };

describe("sourceTarget", () => {
  it("tells local paths, file URLs and clone URLs apart, with the host as git would reach it", () => {
    expect(sourceTarget("/srv/git/a")).toEqual({ kind: "path", path: "/srv/git/a" });
    expect(sourceTarget("file:///srv/git/a%20b.git")).toEqual({ kind: "path", path: "/srv/git/a b.git" });
    expect(sourceTarget("https://GitHub.com/acme/w.git")).toEqual({ kind: "url", scheme: "https", host: "github.com" });
    expect(sourceTarget("git@github.com:acme/w.git")).toEqual({ kind: "url", scheme: "ssh", host: "github.com" });
    expect(sourceTarget("http://[::1]:8080/x")).toEqual({ kind: "url", scheme: "http", host: "::1" });
    // A URL parser turns numeric and hex hosts into the address they mean.
    expect(sourceTarget("http://2130706433/x")).toEqual({ kind: "url", scheme: "http", host: "127.0.0.1" });
    expect(sourceTarget("http://0x7f.1/x")).toEqual({ kind: "url", scheme: "http", host: "127.0.0.1" });
  });

  it("refuses transports that are not plain clones", () => {
    expect(sourceTarget("ext::sh -c touch% /tmp/pwned")).toMatch(/remote helper/);
    expect(sourceTarget("fd://3")).toMatch(/transport fd:\/\//);
    expect(sourceTarget("file://other-host/srv/x")).toMatch(/another machine/);
  });
});

describe("isInternalAddress", () => {
  it.each(["127.0.0.1", "127.8.9.10", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "::1", "::", "fd00::2", "fe80::1", "::ffff:127.0.0.1", "[::1]"])(
    "%s is internal",
    (address) => expect(isInternalAddress(address)).toBe(true),
  );
  it.each(["140.82.112.3", "172.32.0.1", "8.8.8.8", "2606:4700::1111", "github.com"])("%s is not", (address) => expect(isInternalAddress(address)).toBe(false));
});

describe("judgeSource", () => {
  it("allows a local path under a root only, judged where it really is (a symlink out of a root is outside)", () => {
    expect(judgeSource({ kind: "path", path: "/srv/git/a" }, policy, { realPath: "/srv/git/a" })).toEqual({ ok: true });
    expect(judgeSource({ kind: "path", path: "/data/demo-repos" }, policy, {})).toEqual({ ok: true });
    const outside = judgeSource({ kind: "path", path: "/srv/git/link" }, policy, { realPath: "/root/.ssh" });
    expect(outside).toEqual({ ok: false, reason: expect.stringMatching(/^is not under an allowed import root .*now: \/data\/demo-repos, \/srv\/git\)$/) });
    expect(judgeSource({ kind: "path", path: "/srv/gitx" }, policy, {}).ok).toBe(false);
  });

  it("refuses clone URLs to loopback, private or this machine's own addresses unless the host is allowed", () => {
    const url = (host: string) => ({ kind: "url" as const, scheme: "https", host });
    expect(judgeSource(url("127.0.0.1"), policy, {})).toEqual({ ok: false, reason: expect.stringMatching(/^leads to 127\.0\.0\.1, an internal address; .*unless an admin allows the host/) });
    expect(judgeSource(url("localhost"), policy, {}).ok).toBe(false);
    expect(judgeSource(url("db.corp"), policy, { addresses: ["10.0.0.5"] })).toEqual({ ok: false, reason: expect.stringMatching(/^leads to db\.corp, 10\.0\.0\.5, an internal address/) });
    expect(judgeSource(url("me.example"), policy, { addresses: ["192.0.2.2"], ownAddresses: ["192.0.2.2"] })).toEqual({
      ok: false, reason: expect.stringMatching(/192\.0\.2\.2, this machine's own address/),
    });
    expect(judgeSource(url("git.internal"), policy, { addresses: ["10.0.0.7"] })).toEqual({ ok: true });
    expect(judgeSource(url("github.com"), policy, { addresses: ["140.82.112.3"] })).toEqual({ ok: true });
  });
});

describe("isUnderRoot", () => {
  it("matches whole path segments", () => {
    expect(isUnderRoot("/srv/git/x", ["/srv/git/"])).toBe(true);
    expect(isUnderRoot("/srv/gitlab", ["/srv/git"])).toBe(false);
    expect(isUnderRoot("/anything", ["/"])).toBe(true);
  });
});
