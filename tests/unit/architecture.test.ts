/**
 * The seams between the app and the extsource plugin, read from the import statements: the plugin's
 * server imports nothing of the app (it could be lifted out), and the app imports nothing of the
 * plugin but its one public entry (everything else goes through `strapi.plugin('extsource').service()`).
 */
import fs from 'fs';
import path from 'path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const pluginDir = path.join(root, 'src/plugins/extsource');
const publicEntry = path.join(pluginDir, 'server/src/public.ts');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The relative modules a file imports (static, dynamic, require), resolved to paths without extension. */
function relativeImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|require\s*\(\s*)'(\.{1,2}\/[^']*)'/g)].map((match) => match[1]);
  return specifiers.map((specifier) => path.resolve(path.dirname(file), specifier));
}

const inside = (target: string, dir: string) => target === dir || target.startsWith(dir + path.sep);
const relative = (file: string) => path.relative(root, file);

describe('the extsource plugin as a module', () => {
  it('imports nothing of the app', () => {
    const outside = sourceFiles(pluginDir).flatMap((file) =>
      relativeImports(file).filter((target) => !inside(target, pluginDir)).map((target) => `${relative(file)} -> ${relative(target)}`)
    );
    expect(outside).toEqual([]);
  });

  it('is imported by the app through its public entry only', () => {
    const appFiles = sourceFiles(path.join(root, 'src')).filter((file) => !inside(file, pluginDir));
    const internal = appFiles.flatMap((file) =>
      relativeImports(file)
        .filter((target) => inside(target, pluginDir) && target !== publicEntry.replace(/\.ts$/, ''))
        .map((target) => `${relative(file)} -> ${relative(target)}`)
    );
    expect(internal).toEqual([]);
  });
});
