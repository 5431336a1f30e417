// Pure: what "server-only" resolves to under vitest (the tests load server modules directly).
export {};
