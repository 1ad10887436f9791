// One file over 300 lines: one fixture and one test per language, side by side so they can be compared.
import { join } from 'node:path';
import { Configuration, VirtualFileSystem } from '@orkeon/core';
import { createTemporaryDirectory } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { type CodeGraph, RaggableTree, raggableTreeSettings, type SymbolNode } from '../src/index.js';
import { writeShopCodeBase } from './fixtures/shop-code-base.js';

// What the parser takes out of each language, read through the RaggableTree class as code
// users do: symbols with their kinds, docs, visibility, complexity, bases and calls.

async function indexOf(files: Record<string, string>): Promise<CodeGraph> {
  await using folder = await createTemporaryDirectory('orkeon-code-languages-');
  await writeShopCodeBase(join(folder.path, 'code'), files);
  const vfs = await VirtualFileSystem.create([{ physical: join(folder.path, 'code'), virtual: '/src', rights: 'ro' }]);
  const settings = Configuration.fromObject({ RaggableTree: { Root: '/src' } }, [raggableTreeSettings]).get(
    raggableTreeSettings,
  );
  const tree = new RaggableTree({ settings, files: vfs });
  const report = await tree.index();
  // Nowhere to save it: the index stays in memory, and says so.
  expect(report.saveProblem).toMatch(/\/output/);
  return await tree.graph();
}

function symbol(graph: CodeGraph, id: string): SymbolNode {
  const found = graph.symbols.get(id);
  if (found === undefined) throw new Error(`no ${id}; the index holds ${[...graph.symbols.keys()].join(', ')}`);
  return found;
}

describe('TypeScript and JavaScript', () => {
  it('reads classes, members with their visibility, interfaces, enums, types, arrow functions and exported constants', async () => {
    const graph = await indexOf({
      'lib.ts': `import { helper } from './helper.js';

/** A greeter. */
export class Greeter extends Base implements Speaker {
  #secret = 1;
  protected readonly name: string;
  constructor(name: string) { super(); this.name = name; }
  /** Says hello. */
  greet(who: string): string {
    return who && this.name ? helper(who) ?? 'x' : 'nobody';
  }
  static make = () => new Greeter('a');
}
interface Speaker { greet(who: string): string }
export enum Color { Red }
export type Id = string;
export const run = async (count: number) => { for (let i = 0; i < count; i++) await helper(String(i)); };
export const settings = { size: 1 };
const local = 2;
`,
      'helper.ts': 'export function helper(text: string) { return text.trim(); }\n',
      'old.js':
        "const { helper } = require('./helper');\nfunction legacy() { return helper('x'); }\nmodule.exports = { legacy };\n",
    });
    const greeter = symbol(graph, 'src::lib::Greeter');
    expect(greeter).toMatchObject({ kind: 'class', exported: true, doc: 'A greeter.', startLine: 4, endLine: 13 });
    expect(greeter.bases).toEqual(['Base', 'Speaker']);
    expect(graph.supertypes(greeter.id)).toEqual(['src::lib::Speaker']);
    expect(symbol(graph, 'src::lib::Greeter::#secret')).toMatchObject({
      kind: 'property',
      visibility: 'private',
      exported: false,
    });
    expect(symbol(graph, 'src::lib::Greeter::name')).toMatchObject({ visibility: 'protected', exported: true });
    expect(symbol(graph, 'src::lib::Greeter::constructor').kind).toBe('constructor');
    const greet = symbol(graph, 'src::lib::Greeter::greet');
    expect(greet).toMatchObject({ kind: 'method', signature: 'greet(who: string): string', doc: 'Says hello.' });
    // 1 + ?: + && + ??
    expect(greet.complexity).toBe(4);
    expect(graph.callees(greet.id)).toEqual(['src::helper::helper']);
    expect(symbol(graph, 'src::lib::Greeter::make')).toMatchObject({ kind: 'method' });
    expect(graph.callees('src::lib::Greeter::make')).toEqual(['src::lib::Greeter']);
    expect(symbol(graph, 'src::lib::Speaker')).toMatchObject({ kind: 'interface', exported: false });
    expect(symbol(graph, 'src::lib::Speaker::greet').kind).toBe('method');
    expect(symbol(graph, 'src::lib::Color').kind).toBe('enum');
    expect(symbol(graph, 'src::lib::Id')).toMatchObject({ kind: 'type', signature: 'type Id = string' });
    expect(symbol(graph, 'src::lib::run')).toMatchObject({
      kind: 'function',
      complexity: 2,
      signature: 'run = async (count: number)',
    });
    expect(symbol(graph, 'src::lib::settings').kind).toBe('variable');
    expect(graph.symbols.has('src::lib::local')).toBe(false);
    expect(graph.files.get('/src/lib.ts')?.imports[0]).toMatchObject({
      specifier: './helper.js',
      files: ['/src/helper.ts'],
    });
    expect(graph.files.get('/src/old.js')?.imports[0]).toMatchObject({
      specifier: './helper',
      files: ['/src/helper.ts'],
    });
    expect(graph.callees('src::old::legacy')).toEqual(['src::helper::helper']);
  });
});

describe('Python', () => {
  it('reads classes, methods, constructors, class attributes, decorators, docstrings and relative imports', async () => {
    const graph = await indexOf({
      'app/pyproject.toml': '[project]\nname = "app"\n',
      'app/pkg/__init__.py': '',
      'app/pkg/base.py': 'class Base:\n    pass\n',
      'app/pkg/service.py': `from .base import Base
from . import base
import requests

# Not a docstring: a comment above.
@decorated
class Service(Base):
    """Serves."""
    retries = 3

    def __init__(self, client):
        self.client = client

    @property
    def ready(self):
        return self.client is not None and self.retries > 0 or False

    def _fetch(self):
        try:
            return requests.get("x")
        except OSError:
            return None
`,
    });
    const service = symbol(graph, 'app::pkg/service::Service');
    expect(service).toMatchObject({ kind: 'class', doc: 'Serves.', startLine: 7, bases: ['Base'] });
    expect(graph.supertypes(service.id)).toEqual(['app::pkg/base::Base']);
    expect(symbol(graph, 'app::pkg/service::Service::retries').kind).toBe('field');
    expect(symbol(graph, 'app::pkg/service::Service::__init__')).toMatchObject({ kind: 'constructor', exported: true });
    expect(symbol(graph, 'app::pkg/service::Service::ready')).toMatchObject({ kind: 'method', complexity: 3 });
    expect(symbol(graph, 'app::pkg/service::Service::_fetch')).toMatchObject({
      visibility: 'private',
      exported: false,
      complexity: 2,
    });
    const imports = graph.files.get('/src/app/pkg/service.py')?.imports ?? [];
    expect(imports.map((entry) => [entry.specifier, entry.files, entry.external])).toEqual([
      ['.base', ['/src/app/pkg/base.py'], undefined],
      ['.', ['/src/app/pkg/base.py'], undefined],
      ['requests', [], 'requests'],
    ]);
  });
});

describe('Go', () => {
  it('reads structs, interfaces, functions and methods (with their type even from another file), and module imports', async () => {
    const graph = await indexOf({
      'go.mod': 'module example.com/app\n\ngo 1.22\n',
      'store/store.go': `package store

// Store keeps things.
type Store struct {
	Base
	items []string
}

type Reader interface {
	Read(key string) string
}
`,
      'store/methods.go': `package store

// Add adds one.
func (s *Store) Add(item string) {
	if item == "" || len(item) > 10 {
		return
	}
	s.items = append(s.items, item)
}
`,
      'main.go': `package main

import "example.com/app/store"

func main() {
	s := store.Store{}
	s.Add("x")
}
`,
    });
    const store = symbol(graph, 'example.com/app::store/store::Store');
    expect(store).toMatchObject({
      kind: 'struct',
      doc: 'Store keeps things.',
      signature: 'type Store struct',
      exported: true,
      bases: ['Base'],
    });
    expect(symbol(graph, 'example.com/app::store/store::Store::items')).toMatchObject({
      kind: 'field',
      exported: false,
      visibility: 'package',
    });
    expect(symbol(graph, 'example.com/app::store/store::Reader::Read').kind).toBe('method');
    const add = symbol(graph, 'example.com/app::store/methods::Store::Add');
    expect(add).toMatchObject({ kind: 'method', parent: store.id, doc: 'Add adds one.', complexity: 3 });
    expect(graph.children(store.id)).toContain(add.id);
    expect(graph.files.get('/src/main.go')?.imports[0]?.files).toEqual([
      '/src/store/methods.go',
      '/src/store/store.go',
    ]);
    expect(graph.callees('example.com/app::main::main')).toEqual([store.id, add.id]);
  });
});

describe('Java', () => {
  it('reads classes, records, enums, fields, overloaded methods and package imports', async () => {
    const graph = await indexOf({
      'src/com/acme/model/User.java': 'package com.acme.model;\n\npublic record User(String name) {}\n',
      'src/com/acme/Users.java': `package com.acme;

import com.acme.model.User;
import java.util.*;

/** Finds users. */
public class Users implements Finder {
    private final List<User> users = new ArrayList<>();
    int count, limit;

    public User find(String name) {
        for (User user : users) { if (user.name().equals(name)) return user; }
        return null;
    }

    public User find(int index) { return users.get(index); }

    enum Order { ASC, DESC }
}
`,
    });
    const users = symbol(graph, 'src::src/com/acme/Users::Users');
    expect(users).toMatchObject({ kind: 'class', doc: 'Finds users.', visibility: 'public', bases: ['Finder'] });
    expect(symbol(graph, 'src::src/com/acme/Users::Users::users')).toMatchObject({
      kind: 'field',
      visibility: 'private',
    });
    expect(symbol(graph, 'src::src/com/acme/Users::Users::limit')).toMatchObject({
      kind: 'field',
      visibility: 'package',
    });
    expect(symbol(graph, 'src::src/com/acme/Users::Users::find')).toMatchObject({ complexity: 3 });
    expect(symbol(graph, 'src::src/com/acme/Users::Users::find#2').signature).toBe('public User find(int index)');
    expect(symbol(graph, 'src::src/com/acme/Users::Users::Order::ASC').kind).toBe('field');
    expect(symbol(graph, 'src::src/com/acme/model/User::User').kind).toBe('record');
    const imports = graph.files.get('/src/src/com/acme/Users.java')?.imports ?? [];
    expect(imports.map((entry) => entry.files[0] ?? entry.external)).toEqual([
      '/src/src/com/acme/model/User.java',
      'java.util',
    ]);
  });
});

describe('C#', () => {
  it('reads namespaces, classes, structs, interfaces, properties, fields and using directives', async () => {
    const graph = await indexOf({
      'App.csproj':
        '<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><PackageReference Include="xunit" /></ItemGroup></Project>\n',
      'Model.cs': `namespace App.Model
{
    /// <summary>
    /// A point.
    /// </summary>
    public struct Point { public int X; int y; }
    internal interface IShape { double Area(); }
}
`,
      'Shapes.cs': `using App.Model;
using System.Linq;

namespace App;

public class Circle : IShape
{
    public double Radius { get; init; }
    public double Area() => Radius > 0 ? 3.14 * Radius * Radius : 0;
    private static Point Centre() => new Point();
}
`,
    });
    expect(symbol(graph, 'App::Model::Point')).toMatchObject({ kind: 'struct', doc: 'A point.', exported: true });
    expect(symbol(graph, 'App::Model::Point::X')).toMatchObject({ kind: 'field', visibility: 'public' });
    expect(symbol(graph, 'App::Model::Point::y')).toMatchObject({ visibility: 'private', exported: false });
    expect(symbol(graph, 'App::Model::IShape')).toMatchObject({
      kind: 'interface',
      visibility: 'internal',
      exported: false,
    });
    const circle = symbol(graph, 'App::Shapes::Circle');
    expect(graph.supertypes(circle.id)).toEqual(['App::Model::IShape']);
    expect(symbol(graph, 'App::Shapes::Circle::Radius').kind).toBe('property');
    expect(symbol(graph, 'App::Shapes::Circle::Area').complexity).toBe(2);
    expect(graph.callees('App::Shapes::Circle::Centre')).toEqual(['App::Model::Point']);
    expect(graph.files.get('/src/Shapes.cs')?.namespaces).toEqual(['App']);
    expect(graph.files.get('/src/Shapes.cs')?.imports.map((entry) => entry.files[0] ?? entry.external)).toEqual([
      '/src/Model.cs',
      'System.Linq',
    ]);
    expect(graph.packages.get('App')?.frameworks).toEqual(['xunit']);
  });
});

describe('a file with syntax errors', () => {
  it('is indexed for what can be read, its errors counted', async () => {
    const graph = await indexOf({ 'broken.ts': 'export function ok() { return 1; }\nexport class {{{ \n' });
    expect(graph.symbols.has('src::broken::ok')).toBe(true);
    expect(graph.files.get('/src/broken.ts')?.syntaxErrors).toBeGreaterThan(0);
  });
});
