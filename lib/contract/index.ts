// Pure: the contract module's public names.
export * from "./types";
export { compareAtomKeys, sortAtomKeys, indexCatalog, type TCatalogIndex } from "./catalog";
export { replay, replayIndexed, activeAt, activeSets, type TReplay, type TReplayStep, type TActiveSpan } from "./replay";
export { normalize, normalizeAtom, normalizedIdentity, compareNormalized, type TNormalizedAtom } from "./normalize";
export {
  contractOf,
  contractOfIndexed,
  endsAtContract,
  endsAtContractIndexed,
  equivalent,
  finalContract,
  type TContractVerdict,
  type TEquivalenceVerdict,
} from "./equivalence";
export {
  checkStructure,
  checkStructureIndexed,
  checkFamilyStructure,
  type TStructureReferences,
  type THistoryStructure,
} from "./structure";
export { countTokens, historyTokenCount, wordingOf } from "./tokens";
export { lengthDifferences, paraphraseDifferences } from "./conditions";
export { deriveLengthMatched, neutralText } from "./padding";
export {
  scaffoldHistory,
  scaffoldFamily,
  hasDraftText,
  overridesFromReplacedBy,
  DRAFT_MARKER,
  ZOverrideSchema,
  ZScaffoldCatalogSchema,
  type TOverride,
  type TScaffoldCatalog,
} from "./scaffold";
export { exposure, exposureSeries, type TExposurePoint, type TExposureSeries } from "./exposure";
export { conditionGuidance, type TConditionGuidance, type TGuidanceAtom } from "./guidance";
