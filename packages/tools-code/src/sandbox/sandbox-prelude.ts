/** The file name prelude frames carry, so the worker can leave them out of stacks. */
export const preludeFilename = 'orkeon-prelude.js';

/**
 * JavaScript run inside each fresh QuickJS context before the caller's code. Its value is
 * a setup function taking the `input` JSON text, whether input was given, and the output
 * limit. Setup installs `console` and `input`, removes `SharedArrayBuffer`, and returns
 * `{ report, record }`. `record` collects the console output inside the sandbox (cut to
 * the limit, lines encoded as `level:length:text`) for the host to read as plain data at
 * the end, so a console call never crosses to the host. `report(what, value, isModule)`:
 * what 0 turns a result into `type:length:text` (JSON text, cut to the limit), what 1
 * turns a thrown value into JSON `[name, message, stack]`. Both run inside the sandbox,
 * so getters, `toJSON` and Proxy traps of the caller's values run there, under the
 * sandbox limits; only strings reach the host. The built-ins it needs are captured
 * before the caller's code can replace them.
 */
export const sandboxPrelude = `(function (inputText, hasInput, maxCharacters) {
  'use strict';
  var stringify = JSON.stringify;
  var parse = JSON.parse;
  var toText = String;
  var apply = Reflect.apply;
  var defineProperty = Object.defineProperty;
  var keysOf = Object.keys;
  var slice = String.prototype.slice;
  var hasOwn = Object.prototype.hasOwnProperty;
  var objectTag = Object.prototype.toString;
  var symbolText = Symbol.prototype.toString;
  var ErrorType = Error;

  function cut(text) {
    return text.length > maxCharacters ? apply(slice, text, [0, maxCharacters]) : text;
  }
  function functionText(value) {
    var name = '';
    try { name = typeof value.name === 'string' ? value.name : ''; } catch (ignored) {}
    return '[Function ' + (name || 'anonymous') + ']';
  }
  function readText(object, key) {
    try {
      var value = object[key];
      return typeof value === 'string' ? value : undefined;
    } catch (ignored) {
      return undefined;
    }
  }
  function errorText(error) {
    return (readText(error, 'name') || 'Error') + ': ' + (readText(error, 'message') || '');
  }
  function jsonReplacer(key, item) {
    if (typeof item === 'bigint') return toText(item) + 'n';
    if (typeof item === 'function') return functionText(item);
    if (typeof item === 'symbol') return apply(symbolText, item, []);
    return item;
  }
  function show(value) {
    switch (typeof value) {
      case 'string': return value;
      case 'bigint': return toText(value) + 'n';
      case 'symbol': return apply(symbolText, value, []);
      case 'function': return functionText(value);
      case 'object':
        if (value === null) return 'null';
        if (value instanceof ErrorType) return errorText(value);
        try {
          var json = stringify(value, jsonReplacer);
          return typeof json === 'string' ? json : apply(objectTag, value, []);
        } catch (error) {
          return apply(objectTag, value, []) + ' (' + errorText(error) + ')';
        }
      default: return toText(value);
    }
  }
  var record = { text: '', lines: 0, kept: 0, total: 0, dropped: 0 };
  function emit(level, text) {
    var separator = record.lines + record.dropped > 0 ? 1 : 0;
    record.total += separator + text.length;
    var room = maxCharacters - record.kept - separator;
    if (room <= 0 || record.dropped > 0) {
      record.dropped++;
      return;
    }
    var kept = text.length > room ? apply(slice, text, [0, room]) : text;
    record.text += level + ':' + kept.length + ':' + kept;
    record.lines++;
    record.kept += separator + kept.length;
  }
  function writer(level) {
    return function () {
      var text = '';
      for (var index = 0; index < arguments.length; index++) {
        text += (index === 0 ? '' : ' ') + show(arguments[index]);
      }
      emit(level, text);
    };
  }
  var sandboxConsole = {
    log: writer(0), info: writer(1), warn: writer(2), error: writer(3), debug: writer(4),
    dir: writer(0), trace: writer(4),
  };
  defineProperty(globalThis, 'console', { value: sandboxConsole, writable: true, configurable: true });
  defineProperty(globalThis, 'input', {
    value: hasInput ? parse(inputText) : undefined, writable: true, configurable: true,
  });
  delete globalThis.SharedArrayBuffer;
  delete globalThis.Atomics;

  function result(value, isModule) {
    if (isModule && value !== null && typeof value === 'object') {
      if (apply(hasOwn, value, ['default'])) value = value['default'];
      else if (keysOf(value).length === 0) return 'module-without-exports:0:';
    }
    var type = typeof value;
    if (type === 'undefined') return 'undefined:0:';
    if (type === 'function' || type === 'symbol' || type === 'bigint') {
      var preview = show(value);
      return type + ':' + preview.length + ':' + cut(preview);
    }
    var json = stringify(value);
    if (typeof json !== 'string') return 'undefined:0:';
    return 'json:' + json.length + ':' + cut(json);
  }
  function thrown(value) {
    if (value !== null && (typeof value === 'object' || typeof value === 'function')) {
      var name = readText(value, 'name');
      var message = readText(value, 'message');
      if (name !== undefined || message !== undefined) {
        return stringify([name || 'Error', message || '', cut(readText(value, 'stack') || '')]);
      }
    }
    return stringify(['', cut(show(value)), '']);
  }
  return {
    report: function (what, value, isModule) {
      return what === 0 ? result(value, isModule) : thrown(value);
    },
    record: record,
  };
})`;
