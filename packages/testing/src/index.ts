export { callTool } from './call-tool.js';
export { type CapturedLogs, captureLogger } from './capture-logger.js';
export {
  type CreateTestCertificatesOptions,
  createTestCertificates,
  TestCertificatesError,
} from './certificates/create-test-certificates.js';
export type { TestCertificate, TestCertificateAuthority, TestCertificates } from './certificates/test-certificate.js';
export * from './docs-example/index.js';
export { type TestingErrorCode, testingErrorCodes } from './errors/error-codes.js';
export {
  defaultScriptedEmbeddingDimensions,
  openAiEmbeddingsPath,
  scriptedEmbedding,
} from './model-server/openai-embeddings.js';
export type { ModelDialect, RecordedRequest } from './model-server/recorded-request.js';
export { maxRequestBodyBytes } from './model-server/request-body.js';
export { defaultScriptedModel } from './model-server/scripted-answer.js';
export {
  type ScriptedModelServer,
  type ScriptedModelServerOptions,
  startScriptedModelServer,
} from './model-server/scripted-model-server.js';
export type {
  ScriptedError,
  ScriptedErrorTurn,
  ScriptedTextTurn,
  ScriptedToolCall,
  ScriptedToolCallTurn,
  ScriptedTurn,
  ScriptedTurnFunction,
  ScriptedUsage,
  StaticScriptedTurn,
} from './model-server/scripted-turn.js';
export { ScriptedTurnError } from './model-server/scripted-turn-validation.js';
export {
  type OnnxDimension,
  type OnnxGraph,
  type OnnxInitializer,
  type OnnxNode,
  type OnnxType,
  type OnnxValue,
  onnxModelBytes,
  onnxType,
} from './onnx/onnx-model-proto.js';
export {
  defaultWeights as tinyCrossEncoderDefaultWeights,
  expectedRelevance as tinyCrossEncoderRelevance,
  type TinyFolderOptions,
  type TinyGraphOptions,
  type TinyOutput,
  tinyCrossEncoderModel,
  tinyTokenizerJson,
  vocabulary as tinyCrossEncoderVocabulary,
  writeTinyCrossEncoder,
} from './onnx/tiny-cross-encoder.js';
export {
  PostgresNotInstalledError,
  PostgresStartError,
  PostgresUserMissingError,
} from './postgres/postgres-server-errors.js';
export {
  findPostgresBinDirectory,
  type PostgresServer,
  type StartPostgresServerOptions,
  startPostgresServer,
} from './postgres/start-postgres-server.js';
export {
  RedisNotInstalledError,
  type RedisServer,
  RedisStartError,
  type StartRedisServerOptions,
  startRedisServer,
} from './redis/start-redis-server.js';
export { createTemporaryDirectory, type TemporaryDirectory } from './temporary-directory.js';
export { toolResultText } from './tool-result-text.js';
