// The ONNX messages a small graph needs (onnx.proto: ModelProto, GraphProto, NodeProto, TensorProto,
// ValueInfoProto), written with the protobuf wire helpers. Field numbers are onnx.proto's.
import { bytesField, concatenate, integerField, messageField, stringField } from './protobuf-wire.js';

/** TensorProto.DataType values. */
export const onnxType = { float: 1, int32: 6, int64: 7 } as const;
export type OnnxType = keyof typeof onnxType;

/** A dimension: a fixed size, or a symbolic name such as `batch`. */
export type OnnxDimension = number | string;

export interface OnnxNode {
  readonly op: string;
  readonly inputs: readonly string[];
  readonly outputs: readonly string[];
  /** Integer attributes (`to` of Cast, `axis` of Concat, `keepdims` of ReduceSum). */
  readonly attributes?: Readonly<Record<string, number>>;
}

export interface OnnxInitializer {
  readonly name: string;
  readonly type: 'float' | 'int64';
  readonly dimensions: readonly number[];
  readonly values: readonly number[];
}

export interface OnnxValue {
  readonly name: string;
  readonly type: OnnxType;
  readonly shape: readonly OnnxDimension[];
}

export interface OnnxGraph {
  readonly inputs: readonly OnnxValue[];
  readonly outputs: readonly OnnxValue[];
  readonly initializers: readonly OnnxInitializer[];
  readonly nodes: readonly OnnxNode[];
}

const attributeTypeInt = 2;

function nodeProto(node: OnnxNode, index: number): Uint8Array[] {
  return [
    ...node.inputs.map((input) => stringField(1, input)),
    ...node.outputs.map((output) => stringField(2, output)),
    stringField(3, `${node.op.toLowerCase()}_${index}`),
    stringField(4, node.op),
    ...Object.entries(node.attributes ?? {}).map(([name, value]) =>
      messageField(5, [stringField(1, name), integerField(3, value), integerField(20, attributeTypeInt)]),
    ),
  ];
}

function tensorProto(initializer: OnnxInitializer): Uint8Array[] {
  // raw_data, little-endian, as onnx.proto asks.
  const raw =
    initializer.type === 'float'
      ? new Uint8Array(Float32Array.from(initializer.values).buffer)
      : new Uint8Array(BigInt64Array.from(initializer.values, (value) => BigInt(value)).buffer);
  return [
    ...initializer.dimensions.map((dimension) => integerField(1, dimension)),
    integerField(2, onnxType[initializer.type]),
    stringField(8, initializer.name),
    bytesField(9, raw),
  ];
}

function valueInfoProto(value: OnnxValue): Uint8Array[] {
  const dimensions = value.shape.map((dimension) =>
    messageField(1, [typeof dimension === 'number' ? integerField(1, dimension) : stringField(2, dimension)]),
  );
  return [
    stringField(1, value.name),
    messageField(2, [messageField(1, [integerField(1, onnxType[value.type]), messageField(2, dimensions)])]),
  ];
}

/** The bytes of a `.onnx` file holding `graph` (IR version 8, default opset 13). */
export function onnxModelBytes(graph: OnnxGraph): Uint8Array {
  const graphFields = [
    ...graph.nodes.map((node, index) => messageField(1, nodeProto(node, index))),
    stringField(2, 'tiny_cross_encoder'),
    ...graph.initializers.map((initializer) => messageField(5, tensorProto(initializer))),
    ...graph.inputs.map((input) => messageField(11, valueInfoProto(input))),
    ...graph.outputs.map((output) => messageField(12, valueInfoProto(output))),
  ];
  return concatenate([
    integerField(1, 8),
    stringField(2, 'orkeon-rag-onnx-tests'),
    messageField(7, graphFields),
    messageField(8, [stringField(1, ''), integerField(2, 13)]),
  ]);
}
