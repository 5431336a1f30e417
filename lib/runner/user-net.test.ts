import { describe, expect, it } from "vitest";
import { blockedDestinations, chooseNetwork } from "./user-net";

describe("chooseNetwork", () => {
  it("gives test commands no network, whatever is installed", () => {
    expect(chooseNetwork(false, true, true)).toEqual({ mode: "none", warning: null });
  });

  it("gives setup a namespace of its own when a user-mode stack is there", () => {
    expect(chooseNetwork(true, false, true)).toEqual({ mode: "namespace", warning: null });
  });

  it("without a stack, runs setup offline and says why, unless the admin allowed the host's network — which is said too", () => {
    const offline = chooseNetwork(true, false, false);
    expect(offline.mode).toBe("none");
    expect(offline.warning).toMatch(/without network.*slirp4netns.*SPECPATH_SETUP_HOST_NETWORK=1/);
    const host = chooseNetwork(true, true, false);
    expect(host.mode).toBe("host");
    expect(host.warning).toMatch(/host's network.*could reach services on this machine/);
  });
});

describe("blockedDestinations", () => {
  it("fences off every address of this machine and the link-local range, never the namespace's own network", () => {
    const blocked = blockedDestinations();
    expect(blocked).toContain("169.254.0.0/16");
    expect(blocked.every((d) => !d.startsWith("127.") && !d.startsWith("10.0.2."))).toBe(true);
  });
});
