import { describe, expect, it } from "vitest";
import { upstreamOfReference, upstreamOfRemotes } from "./upstream-name";
import { ZUpstreamRepoSchema } from "@/lib/schemas/upstream";

describe("upstream identity", () => {
  it("reads owner/name from clone URLs of every shape", () => {
    expect(upstreamOfReference("https://github.com/psf/requests.git")).toBe("psf/requests");
    expect(upstreamOfReference("https://github.com/psf/requests")).toBe("psf/requests");
    expect(upstreamOfReference("git@github.com:minimistjs/minimist.git")).toBe("minimistjs/minimist");
    expect(upstreamOfReference("ssh://git@gitlab.example.org:2222/group/sub/tool.git")).toBe("sub/tool");
    expect(upstreamOfReference("psf/requests")).toBe("psf/requests");
  });
  it("never takes a local path for an upstream", () => {
    expect(upstreamOfReference("/work/repos/requests")).toBeNull();
    expect(upstreamOfReference("file:///work/repos/requests")).toBeNull();
    expect(upstreamOfReference("./requests")).toBeNull();
  });
  it("prefers the upstream remote, then origin", () => {
    const remotes = "fork\thttps://github.com/me/requests.git (fetch)\norigin\tgit@github.com:me2/requests.git (fetch)\nupstream\thttps://github.com/psf/requests (fetch)\n";
    expect(upstreamOfRemotes(remotes)).toBe("psf/requests");
    expect(upstreamOfRemotes("origin\tgit@github.com:me2/requests.git (fetch)\n")).toBe("me2/requests");
    expect(upstreamOfRemotes("")).toBeNull();
  });
  it("validates an edited value with a message naming the shape", () => {
    expect(ZUpstreamRepoSchema.safeParse("psf/requests").success).toBe(true);
    const bad = ZUpstreamRepoSchema.safeParse("/home/me/requests");
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/owner\/name/);
    expect(ZUpstreamRepoSchema.safeParse("psf/requests.git").success).toBe(false);
  });
});
