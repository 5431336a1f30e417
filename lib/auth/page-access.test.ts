import { describe, expect, it } from "vitest";
import { pageDecision, pageRoles } from "./page-access";

describe("page access", () => {
  it("opens a family tab to curators, leads and admins, and its reviews tab to leads and admins", () => {
    expect(pageRoles("/families/f1/atoms")).toEqual(["curator", "lead", "admin"]);
    expect(pageRoles("/families/f1")).toEqual(["curator", "lead", "admin"]);
    expect(pageRoles("/families/f1/reviews")).toEqual(["lead", "admin"]);
    expect(pageDecision("/families/f1/reviews", ["curator"])).toEqual({ kind: "forbidden" });
  });

  it("refuses a reviewer every curator page and sends a signed-out person to sign in", () => {
    for (const path of ["/suites", "/suites/s1", "/families/f1/histories", "/console", "/admin/users"]) {
      expect(pageDecision(path, ["reviewer"])).toEqual({ kind: "forbidden" });
      expect(pageDecision(path, null)).toEqual({ kind: "signin" });
    }
    expect(pageDecision("/inbox/a1", ["reviewer"])).toEqual({ kind: "open" });
    expect(pageDecision("/inbox", ["curator"])).toEqual({ kind: "forbidden" });
  });

  it("gives the lead console to leads only, but its evaluations, queue and audit log also to admins", () => {
    expect(pageDecision("/console", ["admin"])).toEqual({ kind: "forbidden" });
    expect(pageDecision("/console/adjudication/f1", ["admin"])).toEqual({ kind: "forbidden" });
    for (const path of ["/console/queue", "/console/audit-log", "/console/evaluations/e1"]) expect(pageDecision(path, ["admin"])).toEqual({ kind: "open" });
  });

  it("leaves the API, sign-in, the forbidden page and the start page to themselves", () => {
    for (const path of ["/api/suites", "/api/families/f1", "/signin", "/forbidden", "/", "/robots.txt", "/suitesX", "/families-x"]) expect(pageRoles(path)).toBeNull();
  });

  it("reads a path as the router does: percent-encoded letters and doubled slashes do not dodge the table", () => {
    expect(pageRoles("/%66amilies/f1/atoms")).toEqual(["curator", "lead", "admin"]);
    expect(pageRoles("//families//f1")).toEqual(["curator", "lead", "admin"]);
    expect(pageDecision("/families/f1/%72eviews", ["curator"])).toEqual({ kind: "forbidden" });
  });
});
