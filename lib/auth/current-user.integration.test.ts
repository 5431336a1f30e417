// The session user is cached for a moment per user (issue 24: one database lookup per
// request under load), yet a role change through the studio applies at the next request.
import { beforeAll, describe, expect, it } from "vitest";
import { useFreshDatabase } from "../testing/db";
import { makeUser } from "../testing/factories";
import { db } from "../db/client";
import { updateUserRoles } from "../users/update-user-roles";
import { forgetSessionUser, loadSessionUser } from "./current-user";

beforeAll(async () => {
  await useFreshDatabase();
});

describe("loadSessionUser", () => {
  it("a role change applies at the next request, though the user was just looked up", async () => {
    const admin = await makeUser(["admin"]);
    const user = await makeUser(["curator"]);
    expect((await loadSessionUser(user.id))?.roles).toEqual(["curator"]);
    await updateUserRoles(admin.id, user.id, { roles: ["reviewer"], version: user.version });
    expect((await loadSessionUser(user.id))?.roles).toEqual(["reviewer"]);
  });

  it("a deactivated user has no session once forgotten; an unknown one never had", async () => {
    const user = await makeUser(["curator"]);
    expect(await loadSessionUser(user.id)).toMatchObject({ id: user.id });
    await db().user.update({ where: { id: user.id }, data: { active: false } });
    forgetSessionUser(user.id);
    expect(await loadSessionUser(user.id)).toBeNull();
    expect(await loadSessionUser("no-such-user")).toBeNull();
    expect(await loadSessionUser(undefined)).toBeNull();
  });
});
