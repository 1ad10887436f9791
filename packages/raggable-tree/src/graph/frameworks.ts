/** A framework and the dependency names that give it away. */
interface FrameworkSign {
  readonly framework: string;
  /** Matches a dependency as its ecosystem names it (npm, PyPI, Go module, Maven `group:artifact`, NuGet). */
  readonly matches: (dependency: string) => boolean;
}

const exactly =
  (...names: string[]) =>
  (dependency: string) =>
    names.includes(dependency.toLowerCase());
const startsWith =
  (...prefixes: string[]) =>
  (dependency: string) =>
    prefixes.some((prefix) => dependency.toLowerCase().startsWith(prefix.toLowerCase()));

/** Phase 4's catalogue: what each ecosystem's dependencies say about the frameworks in use. */
const signs: readonly FrameworkSign[] = [
  // JavaScript and TypeScript (npm names)
  { framework: 'react', matches: exactly('react', 'react-dom') },
  { framework: 'nextjs', matches: exactly('next') },
  { framework: 'vue', matches: exactly('vue') },
  { framework: 'nuxt', matches: exactly('nuxt') },
  { framework: 'angular', matches: exactly('@angular/core') },
  { framework: 'svelte', matches: exactly('svelte', '@sveltejs/kit') },
  { framework: 'express', matches: exactly('express') },
  { framework: 'fastify', matches: exactly('fastify') },
  { framework: 'koa', matches: exactly('koa') },
  { framework: 'hono', matches: exactly('hono') },
  { framework: 'nestjs', matches: exactly('@nestjs/core') },
  { framework: 'electron', matches: exactly('electron') },
  { framework: 'prisma', matches: exactly('prisma', '@prisma/client') },
  { framework: 'typeorm', matches: exactly('typeorm') },
  { framework: 'mongoose', matches: exactly('mongoose') },
  { framework: 'graphql', matches: exactly('graphql') },
  { framework: 'vitest', matches: exactly('vitest') },
  { framework: 'jest', matches: exactly('jest') },
  { framework: 'mocha', matches: exactly('mocha') },
  // Python (PyPI names, or the module imported)
  { framework: 'django', matches: exactly('django') },
  { framework: 'flask', matches: exactly('flask') },
  { framework: 'fastapi', matches: exactly('fastapi') },
  { framework: 'sqlalchemy', matches: exactly('sqlalchemy') },
  { framework: 'celery', matches: exactly('celery') },
  { framework: 'pydantic', matches: exactly('pydantic') },
  { framework: 'pytest', matches: exactly('pytest') },
  { framework: 'pytorch', matches: exactly('torch') },
  { framework: 'tensorflow', matches: exactly('tensorflow') },
  // Go (module paths)
  { framework: 'gin', matches: startsWith('github.com/gin-gonic/gin') },
  { framework: 'echo', matches: startsWith('github.com/labstack/echo') },
  { framework: 'fiber', matches: startsWith('github.com/gofiber/fiber') },
  { framework: 'chi', matches: startsWith('github.com/go-chi/chi') },
  { framework: 'gorm', matches: startsWith('gorm.io/gorm') },
  { framework: 'grpc', matches: startsWith('google.golang.org/grpc', '@grpc/grpc-js', 'grpcio', 'io.grpc:') },
  { framework: 'cobra', matches: startsWith('github.com/spf13/cobra') },
  // Java (Maven group:artifact, or the package imported)
  { framework: 'spring-boot', matches: startsWith('org.springframework.boot') },
  { framework: 'spring', matches: startsWith('org.springframework') },
  { framework: 'quarkus', matches: startsWith('io.quarkus') },
  { framework: 'micronaut', matches: startsWith('io.micronaut') },
  { framework: 'hibernate', matches: startsWith('org.hibernate') },
  { framework: 'junit', matches: startsWith('junit:', 'org.junit') },
  // C# (NuGet packages, namespaces used, the project SDK)
  { framework: 'aspnetcore', matches: startsWith('Microsoft.AspNetCore', 'Microsoft.NET.Sdk.Web') },
  { framework: 'efcore', matches: startsWith('Microsoft.EntityFrameworkCore') },
  { framework: 'xunit', matches: startsWith('xunit') },
  { framework: 'nunit', matches: startsWith('nunit') },
  { framework: 'mstest', matches: startsWith('MSTest') },
];

/**
 * Phase 4, fingerprint: the frameworks a package's dependencies (its project files'
 * and the outside packages its code imports) point to, sorted by name.
 */
export function fingerprintFrameworks(dependencies: Iterable<string>): string[] {
  const found = new Set<string>();
  for (const dependency of dependencies)
    for (const sign of signs) if (sign.matches(dependency)) found.add(sign.framework);
  return [...found].sort();
}
