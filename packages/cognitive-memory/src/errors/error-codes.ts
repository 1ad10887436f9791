/** Every error code of `@orkeon/cognitive-memory`, each with what happened and what to do (rules: `coreErrorCodes`). */
export const cognitiveMemoryErrorCodes = {
  COGNITIVE_MEMORY_ANSWER_INVALID:
    'The analysis model did not answer with the JSON asked for (a memory analysis or a contradiction check): use a model that follows JSON instructions (Svc:CognitiveMemory:AnalysisModel), or lower Svc:CognitiveMemory:AnalysisTemperature.',
  COGNITIVE_MEMORY_INPUT_INVALID:
    'A call to cognitive memory was given a value it cannot use (a blank crew id or content, a topK or minScore out of range, settings or consolidation rules given in code that do not fit): the message names the value and what is allowed.',
  COGNITIVE_MEMORY_MODEL_FACTORY_MISSING:
    'Svc:CognitiveMemory:AnalysisModel names a model, and no model factory is registered to build it: call addSvcLlm from @orkeon/providers, or remove AnalysisModel to use the runtime’s model.',
} as const;

export type CognitiveMemoryErrorCode = keyof typeof cognitiveMemoryErrorCodes;
