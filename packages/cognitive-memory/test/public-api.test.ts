import type { MemoryLayer, MemoryType, ScoredMemoryItem, ServiceCollection, ServiceToken } from '@orkeon/core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type AddSvcCognitiveMemoryOptions,
  addSvcCognitiveMemory,
  type CognitiveMemory,
  CognitiveMemoryAnswerInvalidError,
  type CognitiveMemoryErrorCode,
  CognitiveMemoryInputError,
  CognitiveMemoryModelFactoryMissingError,
  CognitiveMemoryService,
  type CognitiveMemorySettings,
  type CognitiveRecallHit,
  type ConsolidationResult,
  type ContradictionAction,
  type ContradictionCheck,
  cognitiveMemoryErrorCodes,
  cognitiveMemoryExperimentalDiagnosticId,
  cognitiveMemorySettings,
  type MemoryAnalysis,
  type RecallOptions,
  type RememberOptions,
  type RememberResult,
} from '../src/index.js';

describe('the public API of @orkeon/cognitive-memory', () => {
  it('types the operations of the brief', () => {
    expectTypeOf<CognitiveMemory['remember']>().parameters.toEqualTypeOf<
      [crewId: string, content: string, context?: string | undefined, options?: RememberOptions | undefined]
    >();
    expectTypeOf<RememberOptions>().toEqualTypeOf<{ readonly type?: MemoryType; readonly tags?: readonly string[] }>();
    expectTypeOf<CognitiveMemory['remember']>().returns.resolves.toEqualTypeOf<RememberResult>();
    expectTypeOf<CognitiveMemory['recall']>().parameters.toEqualTypeOf<
      [crewId: string, query: string, options?: RecallOptions | undefined]
    >();
    expectTypeOf<CognitiveMemory['recall']>().returns.resolves.toEqualTypeOf<CognitiveRecallHit[]>();
    expectTypeOf<CognitiveRecallHit>().toExtend<ScoredMemoryItem>();
    expectTypeOf<CognitiveMemory['consolidate']>().returns.resolves.toEqualTypeOf<ConsolidationResult>();
    expectTypeOf<CognitiveMemory['analyze']>().returns.resolves.toEqualTypeOf<MemoryAnalysis>();
    expectTypeOf<CognitiveMemory['checkContradictions']>().returns.resolves.toEqualTypeOf<ContradictionCheck>();
    expectTypeOf<CognitiveMemory['layer']>().toEqualTypeOf<MemoryLayer>();
  });

  it('types the shapes the model answers and consolidation gives', () => {
    expectTypeOf<MemoryAnalysis>().toEqualTypeOf<{
      importance: number;
      category: string;
      keyEntities: string[];
      summary: string;
      suggestedTags: string[];
      reasoning: string;
    }>();
    expectTypeOf<ContradictionCheck['recommendedAction']>().toEqualTypeOf<ContradictionAction>();
    expectTypeOf<ContradictionAction>().toEqualTypeOf<'KeepNew' | 'KeepExisting' | 'Merge' | 'KeepBoth'>();
    expectTypeOf<ConsolidationResult>().toEqualTypeOf<{
      readonly mergedCount: number;
      readonly prunedCount: number;
      readonly unchangedCount: number;
      readonly createdMemoryIds: readonly string[];
    }>();
  });

  it('types the registration, its settings and its service', () => {
    expectTypeOf(addSvcCognitiveMemory).returns.toEqualTypeOf<ServiceCollection>();
    expectTypeOf(addSvcCognitiveMemory).parameter(2).toEqualTypeOf<AddSvcCognitiveMemoryOptions | undefined>();
    expectTypeOf(CognitiveMemoryService).toEqualTypeOf<ServiceToken<CognitiveMemory>>();
    expectTypeOf<CognitiveMemorySettings>().toEqualTypeOf<{
      AnalysisModel?: string | undefined;
      AnalysisTemperature: number;
      ContradictionCandidateCount: number;
      EnableContradictionDetection: boolean;
      EnableLlmAnalysis: boolean;
    }>();
    expect(cognitiveMemorySettings.path).toBe('Svc:CognitiveMemory');
    expect(cognitiveMemoryExperimentalDiagnosticId).toBe('SVCEXP005');
  });

  it('types each error’s code as the package registry and registers the codes they carry', () => {
    expectTypeOf<CognitiveMemoryAnswerInvalidError['code']>().toEqualTypeOf<CognitiveMemoryErrorCode>();
    expectTypeOf<CognitiveMemoryInputError['code']>().toEqualTypeOf<CognitiveMemoryErrorCode>();
    const errors = [
      new CognitiveMemoryAnswerInvalidError('memory analysis', 'text', 'it is not JSON'),
      new CognitiveMemoryInputError('blank'),
      new CognitiveMemoryModelFactoryMissingError('m'),
    ];
    for (const error of errors) expect(cognitiveMemoryErrorCodes).toHaveProperty(error.code);
    expect(Object.keys(cognitiveMemoryErrorCodes).sort()).toEqual(errors.map((error) => error.code).sort());
  });
});
