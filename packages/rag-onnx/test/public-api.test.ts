import type { Configuration, OrkeonError, ServiceCollection } from '@orkeon/core';
import type { RagCandidate, RagReranker } from '@orkeon/rag';
import { describe, expectTypeOf, it } from 'vitest';
import {
  type AddSvcOnnxRerankerOptions,
  addSvcOnnxReranker,
  type OnnxCrossEncoderInfo,
  type OnnxCrossEncoderOptions,
  OnnxCrossEncoderReranker,
  type OnnxModelFolderError,
  type OnnxModelLoadError,
  type OnnxModelUnsupportedError,
  type OnnxRerankerOptionError,
  type OnnxRerankerSettings,
  type OnnxRuntimeUnavailableError,
  type OnnxTokenizerError,
  type RagOnnxError,
  type RagOnnxErrorCode,
  type ragOnnxErrorCodes,
} from '../src/index.js';

describe('the public API of @orkeon/rag-onnx', () => {
  it('registers like the other addSvc functions', () => {
    expectTypeOf(addSvcOnnxReranker).parameter(0).toEqualTypeOf<ServiceCollection>();
    expectTypeOf(addSvcOnnxReranker).parameter(1).toEqualTypeOf<Configuration>();
    expectTypeOf(addSvcOnnxReranker).parameter(2).toEqualTypeOf<AddSvcOnnxRerankerOptions | undefined>();
    expectTypeOf(addSvcOnnxReranker).returns.toEqualTypeOf<ServiceCollection>();
    expectTypeOf<AddSvcOnnxRerankerOptions>().toEqualTypeOf<{ readonly baseDirectory?: string }>();
  });

  it('is a RagReranker of kind onnx that can be loaded early and disposed', () => {
    expectTypeOf<OnnxCrossEncoderReranker>().toExtend<RagReranker>();
    expectTypeOf<OnnxCrossEncoderReranker>().toExtend<AsyncDisposable>();
    expectTypeOf<OnnxCrossEncoderReranker['kind']>().toEqualTypeOf<'onnx'>();
    expectTypeOf<OnnxCrossEncoderReranker['rerank']>().returns.toEqualTypeOf<Promise<RagCandidate[]>>();
    expectTypeOf<OnnxCrossEncoderReranker['load']>().returns.toEqualTypeOf<Promise<OnnxCrossEncoderInfo>>();
    expectTypeOf(OnnxCrossEncoderReranker).constructorParameters.toEqualTypeOf<[OnnxCrossEncoderOptions]>();
    expectTypeOf<OnnxCrossEncoderOptions['modelDirectory']>().toEqualTypeOf<string>();
    expectTypeOf<OnnxCrossEncoderInfo['inputs']>().toEqualTypeOf<readonly string[]>();
  });

  it('types the settings section as documented', () => {
    expectTypeOf<OnnxRerankerSettings>().toEqualTypeOf<{
      ModelDirectory?: string | undefined;
      ModelFile?: string | undefined;
      MaxLength: number;
      BatchSize: number;
      Threads?: number | undefined;
    }>();
  });

  it('has errors that are Orkeon errors with the package’s codes', () => {
    expectTypeOf<RagOnnxErrorCode>().toEqualTypeOf<keyof typeof ragOnnxErrorCodes>();
    expectTypeOf<RagOnnxError>().toExtend<OrkeonError<RagOnnxErrorCode>>();
    expectTypeOf<RagOnnxError['code']>().toEqualTypeOf<RagOnnxErrorCode>();
    expectTypeOf<OnnxModelFolderError>().toExtend<RagOnnxError>();
    expectTypeOf<OnnxTokenizerError>().toExtend<RagOnnxError>();
    expectTypeOf<OnnxModelUnsupportedError>().toExtend<RagOnnxError>();
    expectTypeOf<OnnxModelLoadError>().toExtend<RagOnnxError>();
    expectTypeOf<OnnxRuntimeUnavailableError>().toExtend<RagOnnxError>();
    expectTypeOf<OnnxRerankerOptionError>().toExtend<RagOnnxError>();
  });
});
