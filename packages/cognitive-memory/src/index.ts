export {
  type AddSvcCognitiveMemoryOptions,
  addSvcCognitiveMemory,
  CognitiveMemoryService,
  cognitiveMemoryExperimentalDiagnosticId,
} from './add-svc-cognitive-memory.js';
export { CognitiveMemory, type CognitiveMemoryOptions, type RememberOptions } from './cognitive-memory.js';
export {
  CognitiveMemoryAnswerInvalidError,
  CognitiveMemoryInputError,
  CognitiveMemoryModelFactoryMissingError,
} from './cognitive-memory-errors.js';
export { CognitiveMemoryLayer } from './cognitive-memory-layer.js';
export {
  type CognitiveMemorySettings,
  type CognitiveMemorySettingsInput,
  cognitiveMemorySettings,
} from './cognitive-memory-settings.js';
export { cognitiveMergeSource, cognitiveSource } from './cognitive-parts.js';
export {
  type CompositeScore,
  compositeScore,
  compositeWeights,
  recencyHalfLifeHours,
  recencyScore,
} from './composite-score.js';
export {
  type ConsolidationResult,
  type ConsolidationRules,
  defaultConsolidationRules,
} from './consolidate-scope.js';
export {
  type ContradictionAction,
  type ContradictionCheck,
  contradictionActions,
  contradictionCheckSchema,
} from './contradiction-check.js';
export { type CognitiveMemoryErrorCode, cognitiveMemoryErrorCodes } from './errors/error-codes.js';
export { type MemoryAnalysis, memoryAnalysisSchema } from './memory-analysis.js';
export {
  type CognitiveRecallHit,
  defaultRecallMinScore,
  defaultRecallTopK,
  type RecallOptions,
  recallOverFetch,
} from './recall-in-scope.js';
export { analysisUnavailable, type RememberResult } from './remember-in-scope.js';
