import "server-only";
import { db } from "@/lib/db";

export const userSelect = { id: true, email: true, name: true, roles: true, active: true, version: true, createdAt: true } as const;

export const listUsers = () => db().user.findMany({ select: userSelect, orderBy: { email: "asc" } });
