import { describe, expect, it } from 'vitest';
import { readManifest } from '../../src/discovery/read-manifest.js';

describe('readManifest', () => {
  it('reads package.json names and every kind of dependency', () => {
    const text = JSON.stringify({
      name: '@acme/web',
      dependencies: { react: '1' },
      devDependencies: { vitest: '1' },
      peerDependencies: { react: '1' },
    });
    expect(readManifest('package.json', '/a/package.json', text)).toEqual({
      name: '@acme/web',
      dependencies: ['react', 'vitest'],
    });
    expect(readManifest('package.json', '/a/package.json', '{ not json')).toEqual({ dependencies: [] });
    expect(readManifest('package.json', '/a/package.json', '[1]')).toEqual({ dependencies: [] });
  });

  it('reads go.mod modules in blocks and on single lines', () => {
    const text =
      'module example.com/shop\n\nrequire github.com/spf13/cobra v1.8.0\nrequire (\n\tgithub.com/gin-gonic/gin v1.10.0\n\tgorm.io/gorm v1.25.0 // indirect\n)\n';
    expect(readManifest('go.mod', '/g/go.mod', text)).toEqual({
      name: 'example.com/shop',
      dependencies: ['github.com/gin-gonic/gin', 'gorm.io/gorm', 'github.com/spf13/cobra'],
    });
  });

  it('reads pom.xml: the project artifact, not the parent’s, and group:artifact dependencies', () => {
    const text = `<project>
  <parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-parent</artifactId></parent>
  <!-- <artifactId>commented</artifactId> -->
  <artifactId>orders</artifactId>
  <dependencies>
    <dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-web</artifactId></dependency>
    <dependency><groupId>junit</groupId><artifactId>junit</artifactId><scope>test</scope></dependency>
  </dependencies>
</project>`;
    expect(readManifest('pom.xml', '/j/pom.xml', text)).toEqual({
      name: 'orders',
      dependencies: ['org.springframework.boot:spring-boot-starter-web', 'junit:junit'],
    });
  });

  it('reads build.gradle coordinates, .csproj package references and SDK', () => {
    expect(
      readManifest(
        'build.gradle',
        '/j/build.gradle',
        'dependencies {\n  implementation \'io.quarkus:quarkus-core:3.0\'\n  testImplementation "org.junit.jupiter:junit-jupiter"\n}',
      ),
    ).toEqual({ dependencies: ['io.quarkus:quarkus-core', 'org.junit.jupiter:junit-jupiter'] });
    expect(
      readManifest(
        'csproj',
        '/n/Shop.Api.csproj',
        '<Project Sdk="Microsoft.NET.Sdk.Web"><ItemGroup><PackageReference Include="Serilog" Version="3" /></ItemGroup></Project>',
      ),
    ).toEqual({ name: 'Shop.Api', dependencies: ['Serilog'], sdk: 'Microsoft.NET.Sdk.Web' });
  });

  it('reads requirements.txt and pyproject.toml (PEP 621 and Poetry)', () => {
    expect(
      readManifest(
        'requirements.txt',
        '/p/requirements.txt',
        '# web\nDjango>=5.0\n-r base.txt\nrequests[socks]==2.32 ; python_version > "3"\n\n',
      ),
    ).toEqual({
      dependencies: ['django', 'requests'],
    });
    expect(
      readManifest(
        'pyproject.toml',
        '/p/pyproject.toml',
        '[project]\nname = "shop"\ndependencies = [\n  "FastAPI>=0.110",\n  "pydantic",\n]\n',
      ),
    ).toEqual({
      name: 'shop',
      dependencies: ['fastapi', 'pydantic'],
    });
    expect(
      readManifest(
        'pyproject.toml',
        '/p/pyproject.toml',
        '[tool.poetry]\nname = "shop"\n\n[tool.poetry.dependencies]\npython = "^3.12"\nFlask = "^3.0"\n\n[build-system]\nrequires = []\n',
      ),
    ).toEqual({ name: 'shop', dependencies: ['flask'] });
  });
});
