#!/bin/sh
# Stand-in for Prisma's native schema engine, which cannot be downloaded offline.
# `prisma generate` does not need it; migrations are applied by lib/db/migrate.ts.
exit 1
