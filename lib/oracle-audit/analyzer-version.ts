// Pure: the version of the audit's extractors and classification. It is part of the audit's request key
// and of the definition cache's keys, so a changed analyzer audits again instead of reusing a result it
// would no longer give. Raise it with every change to what the audit extracts or how it classifies.
export const ORACLE_ANALYZER_VERSION = 45;
